import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { sampleEvent } from '../../machines/fixtures'
import {
  type BookingPayment,
  type RsvpInput,
  type RsvpViewer,
  rsvpMachine,
} from '../../machines/rsvp.machine'
import { parseRegisteredSearch } from '../../machines/rules/rsvp'
import type { components } from '../../openapi/client'

type Event = components['schemas']['Event']
type Booking = components['schemas']['Booking']
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

function start(overrides: Partial<RsvpInput>) {
  const calls: { booking?: BookingInput; payment?: BookingPayment; debit?: unknown } = {}
  const actor = createActor(
    rsvpMachine.provide({
      actors: {
        createBooking: fromPromise<Booking, BookingInput>(async ({ input }) => {
          calls.booking = input
          return new Promise<never>(() => {})
        }),
        initiatePayment: fromPromise<string, BookingPayment>(async ({ input }) => {
          calls.payment = input
          return new Promise<never>(() => {})
        }),
        debitWallet: fromPromise<Booking, { walletId: string; body: WalletDebit }>(
          async ({ input }) => {
            calls.debit = input
            return new Promise<never>(() => {})
          },
        ),
      },
    }),
    {
      input: {
        event: workshop,
        viewer: guestViewer,
        guest: { email: 'tolu@example.com', name: ' Tolu Ade ', phone: '0803 555 0199' },
        wallets: { personal: null, community: null },
        now,
        origin: 'https://sixteen.example',
        ...overrides,
      },
    },
  ).start()
  actor.send({ type: 'panel.opened' })
  return { actor, calls }
}

describe('the RSVP panel sends', () => {
  it("a guest's card payment: the price in kobo, back to the registered page with the ticket", () => {
    const { actor, calls } = start({})
    actor.send({ type: 'slot.chosen', slot: '4pm - 8pm' })
    actor.send({ type: 'answer.changed', field: 'Camera type', value: ' Fuji ' })
    actor.send({ type: 'answer.changed', field: 'Instagram handle', value: '' })
    actor.send({ type: 'pay.card' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
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

  it("a member's card payment: the friends price, her account, back to her bookings", () => {
    const { actor, calls } = start({ viewer: ada })
    actor.send({ type: 'day.chosen', day: '2026-11-29' })
    actor.send({ type: 'pay.card' })
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

  it('a wallet debit: kobo, the event name as narration, the wallet booking', () => {
    const { actor, calls } = start({
      viewer: ada,
      wallets: { personal: 'wallet-ada', community: 'wallet-collective' },
    })
    actor.send({ type: 'pay.wallet', wallet: 'community' })
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

  it('a free ticket directly, paid with nothing', () => {
    const { actor, calls } = start({ event: { ...workshop, Price: 0, FriendsPrice: null } })
    actor.send({ type: 'pay.card' })
    expect(calls.payment).toBeUndefined()
    actor.send({ type: 'rsvp.submitted' })
    expect(calls.booking).toMatchObject({
      Amount: 0,
      'Paid with': 'free',
      'Time Slot': '12pm - 4pm',
    })
  })

  it('nothing for a guest without a valid e-mail, nor a wallet payment for a guest', () => {
    const { actor, calls } = start({ wallets: { personal: 'someone', community: null } })
    actor.send({ type: 'pay.wallet', wallet: 'personal' })
    expect(calls.debit).toBeUndefined()
    actor.send({ type: 'guest.changed', field: 'email', value: 'tolu@' })
    actor.send({ type: 'pay.card' })
    expect(calls.payment).toBeUndefined()
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true)
  })
})
