import { type AnyEventObject, assign, type MachineContext } from 'xstate'
import type { components } from '../../openapi/client'
import {
  type BookingPayment,
  errorParams,
  logCallError,
  type WalletDebitRequest,
  type WalletKind,
} from '../calls/booking'
import { sessionGuards } from '../calls/session'
import { callStub } from '../calls/stub'
import { formatMinor } from '../rules/money'
import {
  balanceText,
  canAfford,
  type LoadedWallets,
  shortfall,
  WALLET_PATH,
  type WalletChoice,
  walletChoices,
} from '../rules/wallets'
import { type CheckoutInput, checkoutGuards, checkoutMachine, type PaymentMethod } from './machine'

// The wallets of the paying flows (the event panel, co-working, the print studio and their
// 'Book again' panels): read with GET /wallets each time the panel opens, so a person who has just
// logged in is offered them at once, with fresh balances. One read, one rule ('can this wallet pay
// this price'), one description of the buttons, shared by every flow.

/** How far the read of the wallets has got: none yet (or a guest), under way, answered, failed. */
export type WalletsStatus = 'idle' | 'loading' | 'loaded' | 'failed'

/** The signed-in person's wallets, as a booking panel knows them. */
export interface BookingWallets {
  status: WalletsStatus
  personal: WalletChoice | null
  community: WalletChoice | null
}

/** No wallets read: a guest's, or before the panel first opens. */
export const noWallets: BookingWallets = { status: 'idle', personal: null, community: null }

/** The panel opens: a signed-in person's wallets are read afresh; a guest has none. */
export const walletsOpened = (signedIn: boolean): BookingWallets =>
  signedIn ? { status: 'loading', personal: null, community: null } : noWallets

/** The panel closes: a read still under way is dropped with it. */
export const walletsClosed = (wallets: BookingWallets): BookingWallets =>
  wallets.status === 'loading' ? noWallets : wallets

/** The answer of the read (null: a guest's, made without a call). */
export function walletsAnswered(loaded: LoadedWallets | null): BookingWallets {
  return loaded ? { status: 'loaded', ...walletChoices(loaded) } : noWallets
}

/** The read failed (not a dead session): the panel offers to try again. */
export const walletsFailed: BookingWallets = { status: 'failed', personal: null, community: null }

/** The wallet ids kept in the browser's storage (the spec's `wallet` and `communityWallet`). */
export interface WalletIds {
  personal: string | null
  community: string | null
}

/** The ids the storage keeps after a read: none for a guest. */
export function walletIdsOf(loaded: LoadedWallets | null): WalletIds {
  const choices = loaded ? walletChoices(loaded) : null
  return { personal: choices?.personal?.id ?? null, community: choices?.community?.id ?? null }
}

/** Whether a wallet of this kind was read and its balance covers the price (kobo). */
export function walletCanPay(
  wallets: BookingWallets,
  kind: WalletKind,
  priceKobo: number,
): boolean {
  const wallet = wallets[kind]
  return wallets.status === 'loaded' && wallet !== null && canAfford(wallet.balance, priceKobo)
}

/** The wallet being paid from: its id (empty when there is none: the guard let nothing through). */
const walletIdOf = (wallets: BookingWallets, kind: WalletKind): string => wallets[kind]?.id ?? ''

/** The stub of the read every paying flow declares; `walletsReader` is the real one. */
export const loadWalletsStub = callStub<LoadedWallets | null, { signedIn: boolean }>('loadWallets')

/** A paying flow's context: its wallets among the rest. */
interface WithWallets {
  wallets: BookingWallets
}

/**
 * What every paying flow's setup() spreads in: the checkout it invokes and the read of the
 * wallets (stubs the page provides), the actions and guards those name, and `hasWalletsFailed`
 * ('wallets.retried'). The flow still declares its own `logError`, and `setWallets` (below).
 */
export const payingActors = { checkout: checkoutMachine, loadWallets: loadWalletsStub }

/**
 * The `setWallets` action the wallet pieces name: the wallets as read (or opened, or closed),
 * typed by the flow's own context, which TypeScript takes from where setup() names it.
 */
export const setWallets = <TContext extends MachineContext & WithWallets>() =>
  // biome-ignore lint/suspicious/noExplicitAny: the events it may raise and the actors are the machine's
  assign<TContext, AnyEventObject, { wallets: BookingWallets }, any, any>(
    (_, params) => ({ wallets: params.wallets }) as Partial<TContext>,
  )

export const payingActions = {
  /** The storage keeps the wallet ids of the last read (spec: `wallet`, `communityWallet`). */
  rememberWallets: (_: object, _params: WalletIds) => {},
}

export const payingGuards = {
  ...sessionGuards,
  ...checkoutGuards,
  hasWalletsFailed: ({ context }: { context: WithWallets }) => context.wallets.status === 'failed',
}

/**
 * The state in which a flow's panel is open: a signed-in person's wallets are read afresh each
 * time it opens (a read still under way is dropped when it closes). Spread into the state.
 */
export function walletsWhileOpen<TContext extends WithWallets>(options: {
  signedIn: (context: TContext) => boolean
  expired: string
}) {
  return {
    entry: {
      type: 'setWallets',
      params: ({ context }: { context: TContext }) => ({
        wallets: walletsOpened(options.signedIn(context)),
      }),
    },
    exit: {
      type: 'setWallets',
      params: ({ context }: { context: TContext }) => ({ wallets: walletsClosed(context.wallets) }),
    },
    invoke: walletsInvoke(options),
  } as const
}

/** 'wallets.retried' where the read failed: the open state (`open`, its id) is entered again. */
export const walletsRetry = (open: string) =>
  ({ guard: 'hasWalletsFailed', target: open, reenter: true }) as const

/**
 * What a flow hands the checkout: the debit of the wallet it pays from (`paying`), its booking
 * marked paid by that wallet; else the card payment.
 */
export function checkoutInput(
  paying: PaymentMethod | null,
  order: {
    wallets: BookingWallets
    /** The price in kobo, and what the ledger calls the debit. */
    debitAmount: number
    narration: string
    booking: (paidWith: 'wallet' | 'community-wallet') => components['schemas']['BookingInput']
    payment: () => BookingPayment
  },
): CheckoutInput {
  if (paying === 'personal' || paying === 'community') {
    const debit: WalletDebitRequest = {
      walletId: walletIdOf(order.wallets, paying),
      body: {
        debitAmount: order.debitAmount,
        narration: order.narration,
        booking: order.booking(paying === 'community' ? 'community-wallet' : 'wallet'),
      },
    }
    return { method: paying, debit }
  }
  return { method: 'card', payment: order.payment() }
}

/**
 * The read of the wallets, invoked by the state in which a flow's panel is open. A guest's answers
 * null without a call. The answer is kept (`setWallets`) and its ids stored (`rememberWallets`);
 * a 401 is a dead session (`expired`: the flow's state for it, as seen from the invoking state;
 * the app says so, as for a payment's 401); any other failure offers a retry.
 * The flow declares `setWallets`, `rememberWallets`, `logError` and `isSessionExpired`.
 */
function walletsInvoke<TContext>(options: {
  signedIn: (context: TContext) => boolean
  expired: string
}) {
  return {
    id: 'loadWallets',
    src: 'loadWallets',
    input: ({ context }: { context: TContext }) => ({ signedIn: options.signedIn(context) }),
    onDone: {
      actions: [
        {
          type: 'setWallets',
          params: ({ event }: { event: { output: LoadedWallets | null } }) => ({
            wallets: walletsAnswered(event.output),
          }),
        },
        {
          type: 'rememberWallets',
          params: ({ event }: { event: { output: LoadedWallets | null } }) =>
            walletIdsOf(event.output),
        },
      ],
    },
    onError: [
      {
        guard: { type: 'isSessionExpired', params: errorParams },
        target: options.expired,
        actions: { type: 'setWallets', params: { wallets: noWallets } },
      },
      {
        actions: [{ type: 'setWallets', params: { wallets: walletsFailed } }, logCallError],
      },
    ],
  } as const
}

/**
 * For the flows' models: the read's answer comes while it is under way, and nothing else happens
 * until it has (a person's choices meanwhile are the same transitions as after it).
 */
export function walletsAnswerFirst(
  snapshot: { context: unknown },
  event: { type: string },
): boolean {
  const loading = (snapshot.context as { wallets?: BookingWallets }).wallets?.status === 'loading'
  return event.type.endsWith('.loadWallets') ? loading : !loading
}

/** What the wallet buttons' words are. */
export const WALLET_LABELS: Record<WalletKind, string> = {
  personal: 'Pay via Wallet',
  community: 'Pay via Community Wallet',
}

/** Beside a wallet button: why it cannot pay, and what the person can do about it. */
export interface WalletNote {
  /** What stops it, when the button's own second line does not say it already. */
  text?: string
  /** A page that helps (setting up or topping up the wallet). */
  link?: { to: string; label: string }
  /** The read failed: offer to read the wallets again ('wallets.retried'). */
  retry?: true
}

/** A wallet button as the panel shows it. */
export interface WalletOption {
  kind: WalletKind
  label: string
  /** The button's second line: the balance, or why there is none; null while it is read. */
  detail: string | null
  /** The balance is being read: a placeholder stands for it. */
  loading: boolean
  /** The balance is below the price. */
  short: boolean
  note: WalletNote | null
}

/**
 * The wallet buttons of a priced booking for a signed-in person, in order: the own wallet always
 * (a placeholder while the wallets are read; a pointer to set one up when there is none), the
 * community's when there is one. Whether a button is enabled is the flow's own `can()`.
 */
export function walletOptions(wallets: BookingWallets, priceKobo: number): WalletOption[] {
  const option = (kind: WalletKind, rest: Omit<WalletOption, 'kind' | 'label'>) => ({
    kind,
    label: WALLET_LABELS[kind],
    ...rest,
  })
  if (wallets.status === 'idle') return []
  if (wallets.status === 'loading') {
    return [option('personal', { detail: null, loading: true, short: false, note: null })]
  }
  if (wallets.status === 'failed') {
    return [
      option('personal', {
        detail: 'Balance unavailable',
        loading: false,
        short: false,
        note: { text: 'We could not check your wallets.', retry: true },
      }),
    ]
  }
  const paying = (kind: WalletKind, wallet: WalletChoice) => {
    const lacking = shortfall(wallet.balance, priceKobo)
    const note: WalletNote | null =
      lacking === 0
        ? null
        : kind === 'personal'
          ? {
              text: `Your wallet is ${formatMinor(lacking, 'NGN')} short.`,
              link: { to: WALLET_PATH, label: 'Top up' },
            }
          : { text: `The community wallet is ${formatMinor(lacking, 'NGN')} short.` }
    return option(kind, {
      detail: balanceText(wallet.balance),
      loading: false,
      short: lacking > 0,
      note,
    })
  }
  const personal = wallets.personal
    ? paying('personal', wallets.personal)
    : option('personal', {
        detail: 'No wallet yet',
        loading: false,
        short: false,
        note: { link: { to: WALLET_PATH, label: 'Set up your wallet' } },
      })
  return wallets.community ? [personal, paying('community', wallets.community)] : [personal]
}
