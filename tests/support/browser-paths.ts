import { mkdirSync, rmSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import { and, eq, inArray, isNotNull, like, notInArray, sql } from 'drizzle-orm'
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type AnyMachineSnapshot, type AnyStateMachine, getStateNodes } from 'xstate'
import { CHECK_IN_CODE } from '../../machines/check-in/model'
import { EVENT_DRAFT, SAVED_EVENT } from '../../machines/event-editor/model'
import type { FlowModel } from '../../machines/flow-model'
import { MANAGE_CODE } from '../../machines/manage-booking/model'
import { pendingApplication } from '../../machines/staff-applications/model'
import { chiamakaBooking } from '../../machines/staff-bookings/model'
import { REQUEST_CODE } from '../../machines/ticket-request/model'
import { waitlistOfferEntry } from '../../machines/waitlist/offer/model'
import {
  accounts,
  applications,
  bookingRequests,
  bookings,
  doorScans,
  events,
  payments,
  refunds,
  sessions,
  spaces,
  type WaitlistStatus,
  waitlistEntries,
  wallets,
  walletTransactions,
} from '../../server/db/schema'
import { personActs, stateChecked } from '../e2e/views/shared/checked'
import type { FlowViews, ServerState, ViewStep } from '../e2e/views/shared/define'
import {
  type AppServer,
  closeWindows,
  hydrated,
  openTab,
  SCREENSHOTS,
  signInBrowser,
  type Tab,
  workerChromium,
  workerServer,
} from './browser'
import { layoutProblemsOnPhones } from './layout'
import {
  defaultPayloads,
  delayOf,
  eventTypesOf,
  pathSentence,
  pathsOf,
  type Step,
  simplePathsOf,
  stateName,
} from './model-harness'

// The model's paths, replayed in Chromium against the real app and server: every state of a path
// is checked on the page by its view (and each state photographed once); every event is what a person does (or the
// app's own call, answered by the real server, set up first where a path needs it).

/** The clock of the demo data and of the other browser tests: Tuesday 24 November 2026, 10:00. */
export const PATHS_NOW = new Date('2026-11-24T09:00:00Z')

/** Which paths to replay: unset in CI (see browserPathsOf), or 'shortest' or 'simple'. */
const PATHS = process.env.PATHS
if (PATHS && PATHS !== 'shortest' && PATHS !== 'simple') {
  throw new Error(`PATHS is 'shortest' or 'simple', not '${PATHS}'`)
}

/**
 * The flow's model as the browser can walk it from one start: the start's input, and only the
 * events a driver makes happen (an event type with no driver is never sent).
 */
export function browserModel(views: FlowViews, start: string): FlowModel {
  const { model } = views
  const input = views.starts[start]?.input
  return {
    ...model,
    inputs: { [start]: input },
    events: Object.fromEntries(
      eventTypesOf(model.machine).map((type) => [
        type,
        views.events[type] ? (model.events?.[type] ?? defaultPayloads(type)) : [],
      ]),
    ),
    // What the model itself sends (e.g. a call's answer only while it is under way), and of that
    // what a person or the real server can make happen from this start.
    sendsWhen: (snapshot, event) =>
      (model.sendsWhen?.(snapshot, event) ?? true) &&
      (views.events[event.type]?.accepts?.(event, { start, snapshot }) ?? true),
  }
}

export interface BrowserPath {
  start: string
  steps: Step[]
}

/**
 * The paths the browser replays. By default (CI) the fewest of the shortest paths that still take
 * every transition the browser can reach; `PATHS=shortest` replays every shortest path, and
 * `PATHS=simple` every simple path (on demand: they take far longer).
 */
export function browserPathsOf(views: FlowViews): BrowserPath[] {
  const paths = Object.keys(views.starts).flatMap((start) => {
    const model = browserModel(views, start)
    if (PATHS === 'simple') {
      return simplePathsOf(model).flatMap(({ paths }) => paths.map((steps) => ({ start, steps })))
    }
    return pathsOf(model).map(({ path }) => ({ start, steps: path.steps as Step[] }))
  })
  return PATHS ? paths : coveringPaths(paths, views.model.machine)
}

/**
 * A transition as a path takes it: the states it leaves, its event, the states it enters (in a
 * parallel machine only the region that changes, so each region's transitions count once).
 */
function movesOf(path: BrowserPath, machine: AnyStateMachine): string[] {
  const leaves = (snapshot: AnyMachineSnapshot) =>
    getStateNodes(machine.root, snapshot.value)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => node.id)
  return path.steps.slice(1).map((step, i) => {
    const before = leaves(path.steps[i]?.state ?? step.state)
    const after = leaves(step.state)
    const left = before.filter((id) => !after.includes(id))
    const entered = after.filter((id) => !before.includes(id))
    return left.length || entered.length
      ? `${left.join(' + ')} --${step.event.type}--> ${entered.join(' + ')}`
      : `${before.join(' + ')} --${step.event.type}--> (itself)`
  })
}

/** Greedily, the path that takes the most transitions not yet taken, until none is left. */
function coveringPaths(paths: BrowserPath[], machine: AnyStateMachine): BrowserPath[] {
  const taken = new Set<string>()
  const chosen: BrowserPath[] = []
  const left = [...paths]
  for (;;) {
    const gain = (p: BrowserPath) => new Set(movesOf(p, machine).filter((m) => !taken.has(m))).size
    const best = left.reduce<BrowserPath | null>(
      (a, b) =>
        !a || gain(b) > gain(a) || (gain(b) === gain(a) && b.steps.length < a.steps.length) ? b : a,
      null,
    )
    if (!best || gain(best) === 0) return chosen
    chosen.push(best)
    for (const m of movesOf(best, machine)) taken.add(m)
    left.splice(left.indexOf(best), 1)
  }
}

type App = AppServer

/** Server states set through the database; each returns how to put things back. */
const serverStates: Record<
  ServerState,
  (app: App, page: Page) => Promise<(() => Promise<unknown>) | undefined>
> = {
  async eventSoldOut({ db }, page) {
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '')
    const [event] = await db.select().from(events).where(eq(events.id, id))
    if (!event) throw new Error(`No event ${id} to sell out`)
    await db.update(events).set({ capacity: 0 }).where(eq(events.id, id))
    return () => db.update(events).set({ capacity: event.capacity }).where(eq(events.id, id))
  },
  async studioUnavailable({ db }) {
    const rows = await db.select().from(spaces).where(eq(spaces.kind, 'print-studio'))
    await db.update(spaces).set({ coworking: false }).where(eq(spaces.kind, 'print-studio'))
    return async () => {
      for (const row of rows) {
        await db.update(spaces).set({ coworking: row.coworking }).where(eq(spaces.id, row.id))
      }
    }
  },
  async coworkingUnavailable({ db }) {
    const rows = await db.select().from(spaces).where(eq(spaces.kind, 'coworking'))
    await db.update(spaces).set({ coworking: false }).where(eq(spaces.kind, 'coworking'))
    return async () => {
      for (const row of rows) {
        await db.update(spaces).set({ coworking: row.coworking }).where(eq(spaces.id, row.id))
      }
    }
  },
  // The signed-in person's sessions end on the server; the browser still holds the token.
  async sessionExpired({ db }, page) {
    const accountId = await page.evaluate(() => localStorage.getItem('userID'))
    // The page forgot the login on an earlier 401 of the path: its sessions have ended already.
    if (!accountId) return undefined
    await db.delete(sessions).where(eq(sessions.accountId, accountId))
    return undefined
  },
  walletFunded: (app, page) => setBalance(app, page, 10_000_000),
  walletLow: (app, page) => setBalance(app, page, 100_000),
  walletEmpty: (app, page) => setBalance(app, page, 0),
  checkoutPaid: (_app, page) => answer(page, 'Pay'),
  checkoutDeclined: (_app, page) => answer(page, 'Decline'),
  checkoutCancelled: (_app, page) => answer(page, 'Cancel'),
  ticketToday: (app) => ticketAtTheDoor(app, { day: PATHS_DAY }),
  ticketCheckedIn: (app) => ticketAtTheDoor(app, { day: PATHS_DAY, checkedIn: true }),
  ticketOtherDay: (app) => ticketAtTheDoor(app, { day: '2026-11-28' }),
  ticketCancelled: (app) => ticketAtTheDoor(app, { day: PATHS_DAY, status: 'cancelled' }),
  ticketRefunded: (app) => ticketAtTheDoor(app, { day: PATHS_DAY, refunded: true }),
  // No booking has the code.
  ticketUnknown: (app) => ticketAtTheDoor(app, { day: PATHS_DAY, made: false }),
  // Let in a moment ago by another phone's queue, the 'Garden gate' (decision 050).
  async ticketInAtGardenGate(app) {
    await ticketAtTheDoor(app, { day: PATHS_DAY, checkedIn: true })
    const [booking] = await app.db
      .select({ id: bookings.id, by: bookings.checkedInBy })
      .from(bookings)
      .where(eq(bookings.ticketCode, CHECK_IN_CODE))
    await app.db.insert(doorScans).values({
      nonce: `garden-gate-${crypto.randomUUID()}`,
      staffId: booking?.by ?? null,
      door: 'Garden gate',
      code: CHECK_IN_CODE,
      scannedAt: PATHS_NOW,
      offline: true,
      bookingId: booking?.id ?? null,
      answer: { result: 'admitted' },
    })
    return undefined
  },
  applicationPending: (app) => applicationUnderReview(app, 'Community - Pending'),
  applicationApproved: (app) => applicationUnderReview(app, 'Approved'),
  async applicationGone({ db }) {
    await db.delete(applications).where(eq(applications.id, pendingApplication.id))
    return undefined
  },
  // Nothing to set: the refund a path makes is taken back after it.
  refundsTakenBack: async (app) => () => takeBackRefunds(app),
  paymentsRefundedMeanwhile: async (app) => {
    await refundEverything(app)
    return () => takeBackRefunds(app)
  },
  eventUnderEdit: (app) => eventUnderEdit(app),
  // Kemi's membership ends on 6 December (as in the demo data), or on 30 June, after the day the
  // model asks for; the path's end puts it back as it was, with any extension it made.
  membershipEndsSoon: (app) => setMembershipEnd(app, '2026-12-06T22:59:59.999Z'),
  membershipEndsLater: (app) => setMembershipEnd(app, '2027-06-30T22:59:59.999Z'),
  async eventGone({ db }) {
    await db.delete(events).where(eq(events.id, SAVED_EVENT.id))
    return undefined
  },
  spacesPutBack: (app) => spacesPutBack(app),
  gardenRoomBooked: (app) => gardenRoomBooked(app),
  // Thursday's Poetry & Palm Wine has no place left (its capacity 0): it offers its waitlist.
  poetryFull: (app) => poetryCapacity(app, 0),
  // Places again (a cancellation, staff raising it): nobody needs to wait.
  poetryHasRoom: (app) => poetryCapacity(app, 40),
  kemisWorkshopKept: (app) => kemisWorkshopKept(app),
  // A visitor's ticket to Poetry & Palm Wine asked for by e-mail (decision 040), under the
  // ticket-request model's code; with the places gone meanwhile, or not.
  ticketRequested: (app) => ticketRequested(app),
  async ticketRequestedSoldOut(app) {
    const request = await ticketRequested(app)
    const full = await poetryCapacity(app, 0)
    return async () => {
      await full()
      await request()
    }
  },
  // The receipt's link of a demo booking: Kemi's workshop next week, or Ada's concert tonight.
  managedWorkshop: (app) => managedByLink(app, 'demo-riso-kemi'),
  managedConcert: (app) => managedByLink(app, 'demo-jazz-ada'),
  waitlistWaiting: (app) => waitlistEntry(app, 'waiting'),
  waitlistOffered: (app) => waitlistEntry(app, 'offered'),
  waitlistOfferedFree: (app) => waitlistEntry(app, 'offered', POETRY),
  waitlistBooked: (app) => waitlistEntry(app, 'booked'),
  waitlistLeft: (app) => waitlistEntry(app, 'left'),
  waitlistExpired: (app) => waitlistEntry(app, 'expired'),
  bookingAtTheDesk: (app) => bookingAtTheDesk(app, { checkedIn: false }),
  bookingCheckedIn: (app) => bookingAtTheDesk(app, { checkedIn: true }),
  async bookingGone({ db }) {
    await db.delete(bookings).where(eq(bookings.id, chiamakaBooking.id))
    return undefined
  },
  // Another member of staff approves it first.
  async applicationDecidedMeanwhile({ db }) {
    await db
      .update(applications)
      .set({ status: 'Approved', decidedAt: PATHS_NOW })
      .where(eq(applications.id, pendingApplication.id))
    return undefined
  },
}

/**
 * Kemi's Risograph Workshop next week, paid by card (demo-riso-kemi): a path may cancel it; after
 * the path it is hers again, paid and not refunded, for the next path to cancel.
 */
async function kemisWorkshopKept({ db }: App) {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, 'demo-riso-kemi'))
  if (!payment) throw new Error("No demo payment of Kemi's workshop")
  const [booking] = await db.select().from(bookings).where(eq(bookings.paymentId, payment.id))
  if (!booking) throw new Error("No demo booking of Kemi's workshop")
  return async () => {
    await db.delete(refunds).where(eq(refunds.paymentId, payment.id))
    await db
      .update(payments)
      .set({ status: payment.status, outcomeNote: payment.outcomeNote })
      .where(eq(payments.id, payment.id))
    await db
      .update(bookings)
      .set({ status: booking.status, cancelledAt: booking.cancelledAt })
      .where(eq(bookings.id, booking.id))
  }
}

/**
 * The manage-booking model's link code given to the demo booking its card payment names (a
 * booking's code is its own secret, which no flow chooses); the old code back after the path.
 */
async function managedByLink({ db }: App, reference: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference))
  const [booking] = payment
    ? await db.select().from(bookings).where(eq(bookings.paymentId, payment.id))
    : []
  if (!booking) throw new Error(`No demo booking paid by ${reference}`)
  await db.update(bookings).set({ manageCode: MANAGE_CODE }).where(eq(bookings.id, booking.id))
  return () =>
    db.update(bookings).set({ manageCode: booking.manageCode }).where(eq(bookings.id, booking.id))
}

/** The demo's free Poetry & Palm Wine, Thursday 4pm - 8pm. */
const POETRY = { eventId: 'poetry-and-palm-wine', date: '2026-11-26' }

/** Who asked for the ticket of the ticket-request model's link. */
const REQUESTER = {
  Email: 'adaeze.okonkwo-obi@lagoscreatives.com.ng',
  Name: 'Adaeze Okonkwo-Obi',
  Phone: '0803 555 0161',
}

/**
 * The ticket-request model's code given to a visitor's RSVP kept as asked for (a request's code
 * is its own secret, which no flow chooses); after the path, the request and any ticket it made
 * are gone.
 */
async function ticketRequested({ db }: App) {
  const slot = '4pm - 8pm'
  await db.delete(bookingRequests).where(eq(bookingRequests.code, REQUEST_CODE))
  await db.insert(bookingRequests).values({
    code: REQUEST_CODE,
    eventId: POETRY.eventId,
    date: POETRY.date,
    timeSlot: slot,
    email: REQUESTER.Email,
    input: {
      ...REQUESTER,
      Event: POETRY.eventId,
      Type: 'event',
      Venue: 'Courtyard',
      Date: POETRY.date,
      Amount: 0,
      'Time Slot': slot,
      'Paid with': 'free',
      'Payment Reference': null,
    },
  })
  return async () => {
    await db.delete(bookingRequests).where(eq(bookingRequests.code, REQUEST_CODE))
    await db
      .delete(bookings)
      .where(and(eq(bookings.email, REQUESTER.Email), eq(bookings.eventId, POETRY.eventId)))
  }
}

/** Sets the capacity of the demo's Poetry & Palm Wine; answers how to put it back. */
async function poetryCapacity({ db }: App, capacity: number) {
  const id = POETRY.eventId
  const [event] = await db.select().from(events).where(eq(events.id, id))
  if (!event) throw new Error(`No event ${id}`)
  await db.update(events).set({ capacity }).where(eq(events.id, id))
  return () => db.update(events).set({ capacity: event.capacity }).where(eq(events.id, id))
}

/**
 * The waitlist offer model's entry (its token and person), for the demo's Rooftop Jazz today or
 * Thursday's free Poetry & Palm Wine, in line, offered (a place held for it until tonight),
 * booked, left or expired: its token is the entry's own secret, which no flow chooses. The
 * path's end removes it (forgetWaitlistsJoined) and its hold (forgetBookingsMade).
 */
async function waitlistEntry(
  { db }: App,
  status: WaitlistStatus,
  event: { eventId: string; date: string } = waitlistOfferEntry,
) {
  const place = { eventId: event.eventId, date: event.date }
  const person = {
    email: waitlistOfferEntry.email,
    name: waitlistOfferEntry.name,
    phone: waitlistOfferEntry.phone,
  }
  const offerEnds = new Date(PATHS_NOW.getTime() + 12 * 3_600_000)
  const [hold] =
    status === 'offered'
      ? await db
          .insert(bookings)
          .values({
            ...person,
            ...place,
            timeSlot: waitlistOfferEntry.timeSlot,
            type: 'event',
            paidWith: 'waitlist',
            status: 'held',
            holdExpiresAt: offerEnds,
          })
          .returning({ id: bookings.id })
      : []
  await db.insert(waitlistEntries).values({
    ...person,
    ...place,
    timeSlot: waitlistOfferEntry.timeSlot ?? '',
    token: waitlistOfferEntry.token,
    status,
    holdBookingId: hold?.id ?? null,
    offeredAt: hold ? PATHS_NOW : null,
    offerExpiresAt: hold ? offerEnds : null,
    createdAt: new Date(PATHS_NOW.getTime() - 86_400_000),
  })
  return undefined
}

/**
 * The event the editor model changes (its id and draft), as created at the front desk and not
 * booked; the path's end removes it.
 */
async function eventUnderEdit({ db }: App) {
  const instant = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`)
  const row = {
    name: EVENT_DRAFT.title,
    about: EVENT_DRAFT.about,
    startAt: instant(EVENT_DRAFT.startDay, EVENT_DRAFT.startTime),
    endAt: instant(EVENT_DRAFT.endDay, EVENT_DRAFT.endTime),
    timeSlots: EVENT_DRAFT.slots,
    venue: EVENT_DRAFT.venue,
    address: EVENT_DRAFT.address,
    priceNaira: EVENT_DRAFT.price,
    friendsPriceNaira: EVENT_DRAFT.friendsPrice,
    capacity: EVENT_DRAFT.capacity,
    membersOnly: EVENT_DRAFT.membersOnly,
    rsvpOpen: EVENT_DRAFT.rsvp,
    url: EVENT_DRAFT.url,
    metadata: EVENT_DRAFT.extraQuestions,
    posters: [],
  }
  await db
    .insert(events)
    .values({ id: SAVED_EVENT.id, ...row })
    .onConflictDoUpdate({ target: events.id, set: row })
  return () => db.delete(events).where(eq(events.id, SAVED_EVENT.id))
}

/** Kemi's active membership ends at `end`; answers how to put it back as it was. */
async function setMembershipEnd({ db }: App, end: string) {
  const [kemi] = await db.select().from(accounts).where(eq(accounts.email, 'kemi@example.com'))
  if (!kemi) throw new Error('No demo account kemi@example.com')
  await db
    .update(accounts)
    .set({ subscriptionStatus: 'Active', subscriptionExpiry: new Date(end) })
    .where(eq(accounts.id, kemi.id))
  const { subscriptionStatus, subscriptionExpiry } = kemi
  return () =>
    db
      .update(accounts)
      .set({ subscriptionStatus, subscriptionExpiry })
      .where(eq(accounts.id, kemi.id))
}

/**
 * Takes back every refund staff made (a wallet's credit and its balance, a card's queued refund
 * and its payment's status), so the next path finds the demo data's payments refundable again.
 */
async function takeBackRefunds({ db }: App) {
  const credits = await db
    .select()
    .from(walletTransactions)
    .where(like(walletTransactions.reference, 'refund:%'))
  for (const credit of credits) {
    await db
      .update(wallets)
      .set({ balanceMinor: sql`${wallets.balanceMinor} - ${credit.difference}` })
      .where(eq(wallets.id, credit.walletId))
    await db.delete(walletTransactions).where(eq(walletTransactions.id, credit.id))
  }
  const cards = await db.delete(refunds).where(isNotNull(refunds.requestedBy)).returning()
  for (const refund of cards) {
    await db
      .update(payments)
      .set({ status: 'success', outcomeNote: null })
      .where(eq(payments.id, refund.paymentId))
  }
}

/** Another member of staff refunds every refundable payment first: wallets' and cards'. */
async function refundEverything({ db }: App) {
  const debits = await db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.action, 'debit'))
  for (const debit of debits) {
    await db
      .update(wallets)
      .set({ balanceMinor: sql`${wallets.balanceMinor} + ${debit.difference}` })
      .where(eq(wallets.id, debit.walletId))
    await db.insert(walletTransactions).values({
      walletId: debit.walletId,
      difference: debit.difference,
      action: 'credit',
      narration: `Refund: ${debit.narration}`,
      note: 'Refunded at the front desk',
      actor: 'Another member of staff',
      reference: `refund:${debit.id}`,
    })
  }
  const paid = await db
    .update(payments)
    .set({ status: 'refunded' })
    .where(
      and(eq(payments.status, 'success'), inArray(payments.purpose, ['booking', 'membership'])),
    )
    .returning()
  for (const payment of paid) {
    await db.insert(refunds).values({
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      reason: 'Refunded at the front desk',
      requestedBy: 'Another member of staff',
    })
  }
}

/**
 * The application the review model reads (its id), from Chukwuemekaoluwaseun, waiting or
 * approved, with no account yet; the path's end removes it and the account an approval made.
 */
async function applicationUnderReview({ db }: App, status: 'Community - Pending' | 'Approved') {
  const { email } = pendingApplication
  await db.delete(accounts).where(eq(accounts.email, email))
  const row = {
    kind: pendingApplication.kind,
    email,
    status,
    createdAt: new Date(PATHS_NOW.getTime() - 2 * 24 * 3600_000),
    decidedAt: status === 'Approved' ? PATHS_NOW : null,
    decisionNote: null,
    fields: Object.fromEntries(
      pendingApplication.answers.map((answer) => [answer.label, answer.value]),
    ),
  }
  await db
    .insert(applications)
    .values({ id: pendingApplication.id, ...row })
    .onConflictDoUpdate({ target: applications.id, set: row })
  return async () => {
    await db.delete(accounts).where(eq(accounts.email, email))
    await db.delete(applications).where(eq(applications.id, pendingApplication.id))
  }
}

/**
 * Chiamaka's booking the staff-booking model opens (its id: a booking's id cannot be chosen through
 * the app), at Rooftop Jazz on the paths' day, checked in by the demo staff or not; the path's end
 * removes it.
 */
async function bookingAtTheDesk({ db }: App, { checkedIn }: { checkedIn: boolean }) {
  const [staff] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, 'staff@example.com'))
  const b = chiamakaBooking
  const row = {
    email: b.email,
    name: b.name,
    phone: b.phone,
    eventId: 'rooftop-jazz',
    type: 'event' as const,
    venue: 'Rooftop Terrace',
    date: PATHS_DAY,
    timeSlot: b.timeSlot,
    amountMinor: b.amountMinor,
    paidWith: b.paidWith,
    paymentReference: b.paymentReference,
    visitors: b.visitors,
    namesOfVisitors: b.namesOfVisitors,
    metadata: Object.fromEntries(b.answers.map((a) => [a.label, a.value])),
    checkedInAt: checkedIn ? PATHS_NOW : null,
    checkedInPlaces: checkedIn ? b.visitors + 1 : 0,
    checkedInBy: checkedIn ? (staff?.id ?? null) : null,
  }
  await db
    .insert(bookings)
    .values({ id: b.id, ...row })
    .onConflictDoUpdate({ target: bookings.id, set: row })
  return () => db.delete(bookings).where(eq(bookings.id, b.id))
}

/** The spaces as they are; the path's end removes any it added and puts the others back. */
async function spacesPutBack({ db }: App) {
  const before = await db.select().from(spaces)
  return async () => {
    const kept = before.map((row) => row.id)
    await db.delete(spaces).where(notInArray(spaces.id, kept))
    for (const { id, ...row } of before) await db.update(spaces).set(row).where(eq(spaces.id, id))
  }
}

/** Three places booked in the Garden Room today (one guest with two friends); removed after. */
async function gardenRoomBooked(app: App) {
  const putBack = await spacesPutBack(app)
  const [row] = await app.db
    .insert(bookings)
    .values({
      email: 'tochukwu.nwachukwu-balogun@lagosprintmakers.com.ng',
      name: 'Tochukwu Nwachukwu-Balogun',
      phone: '+234 809 555 0177',
      type: 'spot',
      venue: 'The Garden Room',
      date: PATHS_DAY,
      paidWith: 'free',
      visitors: 2,
      namesOfVisitors: 'Adaeze Nwachukwu, Kelechi Balogun',
    })
    .returning({ id: bookings.id })
  return async () => {
    if (row) await app.db.delete(bookings).where(eq(bookings.id, row.id))
    await putBack()
  }
}

const PATHS_DAY = '2026-11-24'
let doorGuests = 0

/**
 * The ticket the check-in model types (CHECK_IN_CODE), on a guest's new studio booking in the
 * state the answer needs; an earlier booking with it gets another code. The path's end cancels
 * the booking (forgetBookingsMade).
 */
/** Who comes with a party at the door, as the check-in model names them. */
const PARTY = ['Tobi Adeyemi', 'Kemi Bello', 'Ifeoluwa Adeyemi-Lawson']

async function ticketAtTheDoor(
  { db }: App,
  {
    day,
    checkedIn = false,
    status = 'confirmed',
    refunded = false,
    made = true,
    visitors = 2,
  }: {
    day: string
    checkedIn?: boolean
    status?: 'confirmed' | 'cancelled'
    /** Paid by card, and the payment refunded by staff. */
    refunded?: boolean
    made?: boolean
    /** Who comes with the booker: a party of `visitors` + 1 (the model's: three). */
    visitors?: number
  },
) {
  await db
    .update(bookings)
    .set({ ticketCode: sql`ticket_code()` })
    .where(eq(bookings.ticketCode, CHECK_IN_CODE))
  if (!made) return undefined
  const [staff] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, 'staff@example.com'))
  doorGuests += 1
  const email = `dami.chukwuemeka-babatunde+door${doorGuests}@example.com`
  const [payment] = refunded
    ? await db
        .insert(payments)
        .values({
          reference: `door-refunded-${doorGuests}`,
          email,
          purpose: 'booking',
          amountMinor: 3_000_000,
          currency: 'NGN',
          provider: 'sandbox',
          callbackUrl: '/print-studio',
          status: 'refunded',
          finalizedAt: PATHS_NOW,
        })
        .returning({ id: payments.id })
    : []
  await db.insert(bookings).values({
    email,
    name: 'Oluwadamilare Chukwuemeka-Babatunde',
    phone: '+234 803 555 0192',
    type: 'print-studio',
    venue: 'Print Studio',
    date: day,
    timeSlot: '6pm - 10pm',
    visitors,
    namesOfVisitors: visitors > 0 ? PARTY.slice(0, visitors).join(', ') : null,
    paidWith: payment ? 'sandbox' : 'free',
    paymentId: payment?.id ?? null,
    status,
    ticketCode: CHECK_IN_CODE,
    checkedInAt: checkedIn ? PATHS_NOW : null,
    checkedInPlaces: checkedIn ? visitors + 1 : 0,
    checkedInBy: checkedIn ? (staff?.id ?? null) : null,
    cancelledAt: status === 'cancelled' ? new Date(PATHS_NOW.getTime() - 3_600_000) : null,
  })
  return undefined
}

/**
 * The signed-in person's wallet balance, in kobo, put back after the path. The wallet is found by
 * the stored user id: a login stores no wallet id, the page reads the wallets itself.
 */
async function setBalance({ db }: App, page: Page, balanceMinor: number) {
  const accountId = await page.evaluate(() => localStorage.getItem('userID'))
  if (!accountId) throw new Error('Nobody is signed in')
  const [wallet] = await db.select().from(wallets).where(eq(wallets.accountId, accountId))
  if (!wallet) throw new Error('The signed-in person has no wallet')
  await db.update(wallets).set({ balanceMinor }).where(eq(wallets.id, wallet.id))
  return () =>
    db.update(wallets).set({ balanceMinor: wallet.balanceMinor }).where(eq(wallets.id, wallet.id))
}

async function answer(page: Page, button: 'Pay' | 'Decline' | 'Cancel') {
  await page.waitForURL('**/sandbox/checkout/**')
  await page.getByRole('button', { name: button, exact: true }).click()
  return undefined
}

const fileSafe = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')

/**
 * Replays one path in the file's tab, made fresh as a new window of the start's width: opens its
 * start, then for every step does what the person does, lets the app's call reach the real server
 * (held while its waiting state is checked), checks the state on the page by its view, and keeps
 * a screenshot of each state the flow has not shown yet (of the step, where a check fails).
 */
async function replayInBrowser(
  views: FlowViews,
  path: BrowserPath,
  index: number,
  { app, tab, photographed }: { app: App; tab: Tab; photographed: Set<string> },
) {
  const flow = views.model.machine.id
  const start = views.starts[path.start]
  if (!start) throw new Error(`No start ${path.start}`)
  const page = await tab.fresh(start.width ?? 1280)
  if (start.signIn) await signInBrowser(tab, { db: app.db, now: PATHS_NOW }, start.signIn)
  if (start.remembered) {
    await tab.addInitScript((values) => {
      if (sessionStorage.getItem('remembered')) return
      sessionStorage.setItem('remembered', '1')
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
    }, start.remembered)
  }
  const undo: Array<() => Promise<unknown>> = [
    await forgetBookingsMade(app),
    await forgetWaitlistsJoined(app),
  ]
  if (start.server) {
    const back = await serverStates[start.server](app, page)
    if (back) undo.push(back)
  }
  const folder = `${SCREENSHOTS}paths/${flow}/`
  // A call held over an instant step (the app's own look before it), until the step after it.
  let carried: Held | null = null
  try {
    for (const [i, step] of path.steps.entries()) {
      const next = path.steps[i + 1]?.event
      const nextDriver = next ? views.events[next.type] : undefined
      // After an instant step the call is made at once: it is held from this step on.
      const instant = nextDriver?.instant === true
      const after = path.steps[i + 2]?.event
      const callDriver = instant ? (after ? views.events[after.type] : undefined) : nextDriver
      // A path's last state is looked at with its card payment held, then dropped: answered, it
      // would take the page to the provider's checkout while the state is photographed and
      // measured, and leave a booking on hold after the path's bookings are forgotten.
      const held: Held | null =
        carried ??
        (next
          ? callDriver?.request
            ? await hold(page, callDriver.request, 'pass')
            : null
          : await hold(page, LEAVES_THE_PAGE, 'drop'))
      carried = null
      const at: ViewStep = { page, snapshot: step.state, event: step.event, url: app.url }
      if (i === 0) {
        personActs(page)
        if (start.open) await start.open(page, app.url, tab.addInitScript)
        else {
          await page.goto(app.url + start.path)
          await hydrated(page)
        }
      }
      // The server state a call needs is set before the action that starts the call. A session
      // ended on the first step waits until the state is seen (the held call started with the
      // page): else the page's other first calls, the viewer's, could hear of it before.
      const setup = next && nextDriver?.server?.(next)
      const setUp = async () => {
        const back = setup ? await serverStates[setup](app, page) : undefined
        if (back) undo.push(back)
      }
      const seenFirst = i === 0 && held !== null && setup === 'sessionExpired'
      if (!seenFirst) await setUp()
      const before = path.steps[i - 1]?.state
      if (before) await act(views, at, before)
      const state = fileSafe(stateName(step.state.value))
      try {
        await check(views, at, `${flow} path ${index}, step ${i}`)
      } catch (error) {
        await page.screenshot({ path: `${folder}${pathStep(index, i)}-${state}-failed.png` })
        throw error
      }
      // Each state once a flow: the checks above prove every step, a picture of each look is
      // enough; so is one look at it on the narrow phones, where long text breaks layouts.
      if (!photographed.has(state)) {
        photographed.add(state)
        await page.screenshot({ path: `${folder}${state}.png` })
        const problems = await layoutProblemsOnPhones(page)
        if (problems.length > 0) {
          throw new Error(
            `${flow} path ${index}, step ${i}, ${state}: the layout breaks\n${problems.join('\n')}`,
          )
        }
      }
      stateChecked(page)
      if (seenFirst) await setUp()
      if (instant && held) {
        carried = held
        continue
      }
      held?.release()
      await held?.done()
    }
  } finally {
    for (const back of undo.reverse()) await back()
  }
}

/** The call whose answer sends the page to the card provider's checkout. */
const LEAVES_THE_PAGE = '**/api/payments/initiate'

const pathStep = (index: number, step: number) =>
  `${String(index).padStart(3, '0')}-${String(step).padStart(2, '0')}`

/**
 * Makes the step's event happen as the person (or the app) does. A delayed transition's time
 * passes on the page's clock at once, as the model tests' simulated clock does: the driver (e.g.
 * waiting for the reload) starts listening first, then the clock jumps by the machine's delay.
 */
async function act(views: FlowViews, at: ViewStep, before: AnyMachineSnapshot) {
  const type = at.event.type
  const timed = type.startsWith('xstate.after.')
  if (views.events[type]?.run || timed) personActs(at.page)
  const run = views.events[type]?.run?.(at)
  const delay = timed
    ? at.page.clock.fastForward(delayOf(views.model.machine, type, before))
    : undefined
  await Promise.all([run, delay])
}

/**
 * Each path starts from the demo data's bookings: those a path makes are cancelled after it, so
 * the next path may book the same thing for the same person (the server refuses a second booking
 * of one thing). Answers how to do it.
 */
async function forgetBookingsMade({ db }: App): Promise<() => Promise<unknown>> {
  const kept = new Set((await db.select({ id: bookings.id }).from(bookings)).map((row) => row.id))
  return async () => {
    const made = (await db.select({ id: bookings.id }).from(bookings)).filter(
      (row) => !kept.has(row.id),
    )
    if (made.length === 0) return
    await db
      .update(bookings)
      .set({ status: 'cancelled', holdExpiresAt: null })
      .where(
        inArray(
          bookings.id,
          made.map((row) => row.id),
        ),
      )
  }
}

/** Waitlist entries a path makes are removed after it: the next path joins afresh. */
async function forgetWaitlistsJoined({ db }: App): Promise<() => Promise<unknown>> {
  const kept = (await db.select({ id: waitlistEntries.id }).from(waitlistEntries)).map(
    (row) => row.id,
  )
  return () =>
    db
      .delete(waitlistEntries)
      .where(kept.length > 0 ? notInArray(waitlistEntries.id, kept) : undefined)
}

type Held = Awaited<ReturnType<typeof hold>>

/** How long a call let go may take to be answered before the path goes on regardless. */
const ANSWERED_MS = 2000

/**
 * Holds the matching requests until released, so a waiting state can be seen; then lets them
 * pass, or drops them as a lost connection would.
 */
async function hold(page: Page, glob: string, then: 'pass' | 'drop') {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const passed: Promise<unknown>[] = []
  const handler = (route: Route) => {
    // On to the start's own routes (a dropped connection), else to the server.
    const passing = released.then(() => (then === 'pass' ? route.fallback() : route.abort()))
    // Let go, it is done once the server has answered (or it failed): the next step's server
    // state, set next, must not meet it on its way.
    passed.push(
      then === 'pass'
        ? passing.then(() => Promise.race([route.request().response(), delay(ANSWERED_MS)]))
        : passing,
    )
    return passing
  }
  await page.route(glob, handler)
  return {
    release,
    async done() {
      await Promise.all(passed)
      await page.unroute(glob, handler)
    },
  }
}

/** Runs every view the state matches; a state with none fails, naming it. */
async function check(views: FlowViews, step: ViewStep, where: string) {
  const keys = Object.keys(views.states).filter((key) => step.snapshot.matches(key))
  if (keys.length === 0) {
    throw new Error(`${where}: no view for state ${stateName(step.snapshot.value)}`)
  }
  for (const key of keys) {
    try {
      await views.states[key]?.(step)
    } catch (error) {
      throw new Error(
        `${where}: the page does not look like ${key}: ${(error as Error).message.split('\n')[0]}`,
      )
    }
  }
}

/**
 * One test per browser path of each flow, on the worker's app server and one tab for the file
 * (in the worker's Chromium): a server takes seconds of CPU to build, a reset to the demo data a
 * fraction of one. Each flow starts from the demo data, as if on a server of its own. The test's name is
 * the path as a sentence.
 */
export function describeBrowserPaths(flows: FlowViews[]) {
  let app: App
  let browser: Browser
  let tab: Tab
  let fresh = true
  beforeAll(async () => {
    app = await workerServer(PATHS_NOW, 'pglite')
    browser = await workerChromium()
    tab = await openTab(browser, PATHS_NOW, app.url)
    // A person's action that cannot happen fails in seconds, not at the test's time limit. A whole
    // page load is given longer: on a CI machine busy with two files' browsers it took over 5 s.
    tab.page.setDefaultTimeout(5000)
    tab.page.setDefaultNavigationTimeout(20_000)
  })
  afterAll(async () => {
    await closeWindows(browser)
  })
  for (const views of flows) {
    const flow = views.model.machine.id
    const paths = browserPathsOf(views)
    const photographed = new Set<string>()
    describe(flow, () => {
      beforeAll(async () => {
        // This run's screenshots only: a path renumbered since the last run leaves no stale picture.
        const folder = `${SCREENSHOTS}paths/${flow}/`
        rmSync(folder, { recursive: true, force: true })
        mkdirSync(folder, { recursive: true })
        if (!fresh) await app.reset()
        fresh = false
      })
      it.each(paths.map((p, i) => [`${i}: ${p.start}: ${pathSentence(p.steps)}`, p, i] as const))(
        '%s',
        async (_name, path, index) => {
          await replayInBrowser(views, path, index, { app, tab, photographed })
        },
      )
    })
  }
}
