import type { Page } from 'playwright-core'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventFromLogic } from 'xstate'
import type { FlowModel } from '../../../../machines/flow-model'

/**
 * What a browser replay of a flow's paths hands each state check and event driver: the page,
 * the state or event of the step, and the app's address.
 */
export interface ViewStep {
  page: Page
  snapshot: AnyMachineSnapshot
  event: AnyEventObject
  url: string
}

/**
 * A server state a path needs before a call (sold out, an expired session, a poor wallet), set
 * up by the browser replay through the API or the database; the names are its setups.
 */
export type ServerState =
  | 'eventSoldOut'
  | 'studioUnavailable'
  | 'coworkingUnavailable'
  | 'sessionExpired'
  | 'walletFunded'
  | 'walletLow'
  | 'walletEmpty'
  | 'checkoutPaid'
  | 'checkoutDeclined'
  | 'checkoutCancelled'
  | 'ticketToday'
  | 'ticketCheckedIn'
  | 'ticketOtherDay'
  | 'ticketCancelled'
  | 'ticketRefunded'
  | 'ticketUnknown'
  | 'ticketInAtGardenGate'
  | 'applicationPending'
  | 'applicationApproved'
  | 'applicationGone'
  | 'applicationDecidedMeanwhile'
  | 'refundsTakenBack'
  | 'paymentsRefundedMeanwhile'
  | 'eventUnderEdit'
  | 'eventGone'
  | 'membershipEndsSoon'
  | 'membershipEndsLater'
  | 'bookingAtTheDesk'
  | 'bookingCheckedIn'
  | 'bookingGone'
  | 'spacesPutBack'
  | 'gardenRoomBooked'
  | 'poetryFull'
  | 'poetryHasRoom'
  | 'kemisWorkshopKept'
  | 'ticketRequested'
  | 'ticketRequestedSoldOut'
  | 'managedWorkshop'
  | 'managedConcert'
  | 'waitlistWaiting'
  | 'waitlistOffered'
  | 'waitlistOfferedFree'
  | 'waitlistBooked'
  | 'waitlistLeft'
  | 'waitlistExpired'

/** How a person makes one event happen in the browser, and what the server must be first. */
export interface EventDriver {
  /**
   * Whether a person (or the real server) can produce this payload from this start and in this
   * state; others are left out of the browser paths.
   */
  accepts?: (
    event: AnyEventObject,
    where: { start: string; snapshot: AnyMachineSnapshot },
  ) => boolean
  /** What the person does; none for a call's done or error event (the app makes the call). */
  run?: (step: ViewStep) => Promise<void>
  /** The server state the call must meet, set up before the step that starts the call. */
  server?: (event: AnyEventObject) => ServerState | null
  /** The request of the call (a glob): held while the waiting state is checked, then let go. */
  request?: string
  /**
   * The app makes this event itself at once (a look at what the phone keeps): a call the step
   * after it makes is held from the step before, so the states on the way can be seen.
   */
  instant?: boolean
}

/** Where a browser path starts: the machine input as the page builds it, and how it is opened. */
export interface ViewStart {
  input: unknown
  /** The page opened first (a path of the app), after `signIn` and `remembered` are set. */
  path: string
  /**
   * Opens the start another way than by its path (e.g. a card payment up to the checkout);
   * `addInitScript` adds a script to this path's pages only.
   */
  open?: (page: Page, url: string, addInitScript: Page['addInitScript']) => Promise<void>
  /** A demo account signed in, as the magic link would. */
  signIn?: string
  /** The server state the page must find as it opens (put back after the path). */
  server?: ServerState
  /** Keys in the browser's storage before the page runs (a guest's remembered details). */
  remembered?: Record<string, string>
  /** Width of the window; a desktop by default. */
  width?: number
}

/**
 * What each state of a flow looks like to a person, and how a person sends its events: the
 * browser replay walks the model's paths from these starts and checks every state on the page.
 * Only tests import views; the app never does.
 */
export interface FlowViews {
  model: FlowModel
  starts: Record<string, ViewStart>
  events: Partial<Record<string, EventDriver>>
  /** Checks by state key (`snapshot.matches(key)`); every key a state matches runs. */
  states: Record<string, (step: ViewStep) => Promise<void>>
}

/** Declares a flow's views with the machine's event types checked. */
export function defineViews<TMachine extends AnyStateMachine>(
  views: Omit<FlowViews, 'events'> & {
    model: FlowModel
    machine: TMachine
    events: Partial<Record<EventFromLogic<TMachine>['type'] | `xstate.${string}`, EventDriver>>
  },
): FlowViews {
  return views
}
