import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise, waitFor } from 'xstate'
import type { FreeTicket } from '../../machines/calls/ticket'
import { checkoutMachine } from '../../machines/checkout/machine'
import { sampleEvent } from '../../machines/fixtures'
import {
  type BookingPayment,
  type RsvpInput,
  type RsvpViewer,
  rsvpMachine,
} from '../../machines/rsvp/machine'
import { parseRegisteredSearch } from '../../machines/rules/rsvp'
import type { LoadedWallets } from '../../machines/rules/wallets'
import { ApiError, type components } from '../../openapi/client'

type Event = components['schemas']['Event']
type BookingInput = components['schemas']['BookingInput']
type WalletDebit = components['schemas']['WalletDebit']

// What the panel sends: the calls' bodies, checked the way the server will read them.
const now = new Date('2026-11-24T09:00:00Z')
const workshop: Event = {
  ...sampleEvent,
  ID: 'risograph-workshop',
  Name: 'Risograph Workshop',
  Venue: 'Print Studio',
  StartDate: '2026-11-28T11:00:00.000Z',
  EndDate: '2026-11-30T19:00:00.000Z',
  TimeSlots: ['12pm - 4pm', '4pm - 8pm'],
  Price: 15000,
  FriendsPrice: 10000,
  metadata: 'Instagram handle, Camera type',
}
const guestViewer: RsvpViewer = {
  signedIn: false,
  isMember: false,
  userId: null,
  email: '',
  name: '',
  phone: '',
}
const ada: RsvpViewer = {
  signedIn: true,
  isMember: true,
  userId: 'ada-id',
  email: 'ada@example.com',
  name: 'Ada Okafor',
  phone: '+234 803 555 0101',
}

const noWallets: LoadedWallets = { userWallet: null, communityWallets: [] }

/** Opens the panel; a signed-in person's wallets (`wallets`) are read as it opens. */
async function start(overrides: Partial<RsvpInput>, wallets: LoadedWallets = noWallets) {
  const calls: {
    booking?: BookingInput
    payment?: BookingPayment
    debit?: unknown
    walletReads: number
  } = { walletReads: 0 }
  const actor = createActor(
    rsvpMachine.provide({
      actors: {
        createBooking: fromPromise<FreeTicket, BookingInput>(async ({ input }) => {
          calls.booking = input
          return new Promise<never>(() => {})
        }),
        // The card payment and the wallet debit are the checkout's, which the panel invokes.
        checkout: checkoutMachine.provide({
          actors: {
            initiatePayment: fromPromise<string, BookingPayment>(async ({ input }) => {
              calls.payment = input
              return new Promise<never>(() => {})
            }),
            debitWallet: fromPromise<unknown, { walletId: string; body: WalletDebit }>(
              async ({ input }) => {
                calls.debit = input
                return new Promise<never>(() => {})
              },
            ),
          },
        }),
        loadWallets: fromPromise<LoadedWallets | null, { signedIn: boolean }>(async ({ input }) => {
          if (!input.signedIn) return null
          calls.walletReads += 1
          return wallets
        }),
      },
    }),
    {
      input: {
        event: workshop,
        viewer: guestViewer,
        guest: { email: 'tolu@example.com', name: ' Tolu Ade ', phone: '0803 555 0199' },
        now,
        origin: 'https://sixteen.example',
        ...overrides,
      },
    },
  ).start()
  actor.send({ type: 'panel.opened' })
  await waitFor(actor, (s) => s.context.wallets.status !== 'loading')
  return { actor, calls }
}

describe('the RSVP panel sends', () => {
  it("a guest's card payment: the price in kobo, back to the registered page with the ticket", async () => {
    const { actor, calls } = await start({})
    actor.send({ type: 'slot.chosen', slot: '4pm - 8pm' })
    actor.send({ type: 'answer.changed', field: 'Camera type', value: ' Fuji ' })
    actor.send({ type: 'answer.changed', field: 'Instagram handle', value: '' })
    actor.send({ type: 'card.chosen' })
    const checkout = actor.getSnapshot().children.checkout as AnyActorRef | undefined
    expect(checkout?.getSnapshot().hasTag('busy')).toBe(true)
    const payment = calls.payment
    expect(payment?.payment).toEqual({
      Amount: 1_500_000,
      Currency: 'NGN',
      Account: null,
      Plan: null,
    })
    expect(payment?.email).toBe('tolu@example.com')
    expect(payment?.booking).toEqual({
      Email: 'tolu@example.com',
      Name: 'Tolu Ade',
      Event: 'risograph-workshop',
      Type: 'event',
      Venue: 'Print Studio',
      Date: '2026-11-28',
      Amount: 1_500_000,
      'Time Slot': '4pm - 8pm',
      'Paid with': 'paystack',
      'Payment Reference': null,
      Phone: '0803 555 0199',
      metadata: '{"Camera type":"Fuji"}',
      Visitors: 0,
      'Names of Visitors': null,
    })
    const callback = new URL(payment?.callbackUrl ?? '')
    expect(callback.origin + callback.pathname).toBe(
      'https://sixteen.example/event/risograph-workshop/registered',
    )
    expect(parseRegisteredSearch(callback.search)).toMatchObject({
      email: 'tolu@example.com',
      name: 'Tolu Ade',
      date: '2026-11-28',
      time: '4pm - 8pm',
      price: 15000,
      timeslots: ['12pm - 4pm', '4pm - 8pm'],
    })
  })

  it("a member's card payment: the friends price, her account, back to her bookings", async () => {
    const { actor, calls } = await start({ viewer: ada })
    actor.send({ type: 'day.chosen', day: '2026-11-29' })
    actor.send({ type: 'card.chosen' })
    expect(calls.payment?.callbackUrl).toBe('https://sixteen.example/profile/bookings')
    expect(calls.payment?.payment.Amount).toBe(1_000_000)
    expect(calls.payment?.payment.Account).toEqual(['ada-id'])
    expect(calls.payment?.booking).toMatchObject({
      Email: 'ada@example.com',
      Name: 'Ada Okafor',
      Phone: '+234 803 555 0101',
      Date: '2026-11-29',
    })
  })

  it('a wallet debit: kobo, the event name as narration, the wallet booking', async () => {
    const { actor, calls } = await start(
      { viewer: ada },
      {
        userWallet: { id: 'wallet-ada', Balance: 2_500_000 },
        communityWallets: [{ id: 'wallet-collective', Balance: 5_000_000 }],
      },
    )
    expect(calls.walletReads).toBe(1)
    actor.send({ type: 'wallet.chosen', wallet: 'community' })
    expect(calls.debit).toEqual({
      walletId: 'wallet-collective',
      body: {
        debitAmount: 1_000_000,
        narration: 'Risograph Workshop',
        booking: expect.objectContaining({
          Amount: 1_000_000,
          'Paid with': 'community-wallet',
          'Payment Reference': 'Wallet transaction',
        }),
      },
    })
  })

  it('a free ticket directly, paid with nothing', async () => {
    const { actor, calls } = await start({ event: { ...workshop, Price: 0, FriendsPrice: null } })
    actor.send({ type: 'card.chosen' })
    expect(calls.payment).toBeUndefined()
    actor.send({ type: 'booking.submitted' })
    expect(calls.booking).toMatchObject({
      Amount: 0,
      'Paid with': 'free',
      'Time Slot': '12pm - 4pm',
    })
  })

  it('nothing for a guest without a valid e-mail, nor a wallet payment for a guest', async () => {
    const { actor, calls } = await start(
      {},
      { userWallet: { id: 'someone', Balance: 9_000_000 }, communityWallets: [] },
    )
    expect(calls.walletReads).toBe(0)
    actor.send({ type: 'wallet.chosen', wallet: 'personal' })
    expect(calls.debit).toBeUndefined()
    actor.send({ type: 'field.changed', field: 'email', value: 'tolu@' })
    actor.send({ type: 'card.chosen' })
    expect(calls.payment).toBeUndefined()
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true)
  })
})

describe('the wallets of the RSVP panel', () => {
  const ownWallet = (Balance: number): LoadedWallets => ({
    userWallet: { id: 'wallet-ada', Balance },
    communityWallets: [],
  })

  it('are read each time the panel opens, and pay only what the balance covers', async () => {
    const { actor, calls } = await start({ viewer: ada }, ownWallet(999_999))
    expect(actor.getSnapshot().context.wallets).toEqual({
      status: 'loaded',
      personal: { id: 'wallet-ada', balance: 999_999 },
      community: null,
    })
    // The friends price is ₦10,000: a kobo short.
    expect(actor.getSnapshot().can({ type: 'wallet.chosen', wallet: 'personal' })).toBe(false)
    actor.send({ type: 'panel.closed' })
    actor.send({ type: 'panel.opened' })
    expect(actor.getSnapshot().context.wallets.status).toBe('loading')
    await waitFor(actor, (s) => s.context.wallets.status === 'loaded')
    expect(calls.walletReads).toBe(2)
  })

  it('wait for the read: no wallet payment while the balance is not known', () => {
    const actor = createActor(
      rsvpMachine.provide({
        actors: {
          loadWallets: fromPromise<LoadedWallets | null, { signedIn: boolean }>(
            () => new Promise(() => {}),
          ),
        },
      }),
      {
        input: {
          event: workshop,
          viewer: ada,
          guest: { email: '', name: '', phone: '' },
          now,
          origin: 'https://sixteen.example',
        },
      },
    ).start()
    actor.send({ type: 'panel.opened' })
    expect(actor.getSnapshot().context.wallets.status).toBe('loading')
    expect(actor.getSnapshot().can({ type: 'wallet.chosen', wallet: 'personal' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'card.chosen' })).toBe(true)
  })

  it('a dead session on the read ends the booking; another failure offers a retry', async () => {
    let reads = 0
    const failing = (status: number) =>
      createActor(
        rsvpMachine.provide({
          actors: {
            loadWallets: fromPromise<LoadedWallets | null, { signedIn: boolean }>(async () => {
              reads += 1
              throw status === 0 ? new TypeError('Failed to fetch') : new ApiError(status, 'No')
            }),
          },
        }),
        {
          input: {
            event: workshop,
            viewer: ada,
            guest: { email: '', name: '', phone: '' },
            now,
            origin: 'https://sixteen.example',
          },
        },
      ).start()
    const expired = failing(401)
    expired.send({ type: 'panel.opened' })
    await waitFor(expired, (s) => s.matches({ open: 'sessionExpired' }))
    expect(expired.getSnapshot().can({ type: 'card.chosen' })).toBe(false)

    const offline = failing(0)
    offline.send({ type: 'panel.opened' })
    await waitFor(offline, (s) => s.context.wallets.status === 'failed')
    expect(offline.getSnapshot().matches({ open: 'editing' })).toBe(true)
    offline.send({ type: 'wallets.retried' })
    expect(offline.getSnapshot().context.wallets.status).toBe('loading')
    await waitFor(offline, (s) => s.context.wallets.status === 'failed')
    expect(reads).toBe(3)
  })
})
