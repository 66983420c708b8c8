import { describe, expect, it } from 'vitest'
import {
  bookableStudioItem,
  bookedStudioPath,
  canBookStudio,
  canRebookStudio,
  isStudioSlot,
  readBookedStudioQuery,
  studioBooking,
  studioCallbackUrl,
  studioSupportMessage,
} from '../../../machines/rules/print-studio'

const bola = { email: 'bola@example.com', name: 'Bola Ade', phone: '0809 111 2222' }

describe('the print studio', () => {
  it('books the first studio item that takes bookings, and none when no item does', () => {
    expect(
      bookableStudioItem([
        { Name: 'Paper room', Coworking: false },
        { Name: 'Print Studio', Coworking: true },
      ])?.Name,
    ).toBe('Print Studio')
    expect(bookableStudioItem([{ Name: 'Print Studio', Coworking: null }])).toBeNull()
    expect(bookableStudioItem([])).toBeNull()
  })

  it('knows its three four-hour sessions', () => {
    expect(isStudioSlot('10am - 2pm')).toBe(true)
    expect(isStudioSlot('6pm - 10pm')).toBe(true)
    expect(isStudioSlot('12pm - 4pm')).toBe(false)
  })

  it('needs a day and a session from everyone, and full details from a guest', () => {
    const guest = { day: '2026-11-25', slot: '2pm - 6pm', guest: bola }
    expect(canBookStudio(guest)).toBe(true)
    expect(canBookStudio({ ...guest, day: null })).toBe(false)
    expect(canBookStudio({ ...guest, slot: null })).toBe(false)
    expect(canBookStudio({ ...guest, guest: { ...bola, email: 'bola@example' } })).toBe(false)
    expect(canBookStudio({ ...guest, guest: { ...bola, name: '  ' } })).toBe(false)
    expect(canBookStudio({ ...guest, guest: { ...bola, phone: '' } })).toBe(false)
    // A signed-in person's stored details are used: only day and session count.
    expect(canBookStudio({ day: '2026-11-25', slot: '2pm - 6pm', guest: null })).toBe(true)
    expect(canBookStudio({ day: '2026-11-25', slot: null, guest: null })).toBe(false)
  })

  it("keeps the rebook form's Book disabled until every field is valid", () => {
    const form = { ...bola, day: '2026-11-25', slot: '10am - 2pm' }
    expect(canRebookStudio(form)).toBe(true)
    for (const broken of [
      { email: 'bola at example.com' },
      { email: 'bola @example.com' },
      { name: '' },
      { phone: ' ' },
      { day: null },
      { slot: null },
    ]) {
      expect(canRebookStudio({ ...form, ...broken })).toBe(false)
    }
  })

  it('sends a card booking at the server price, with no reference yet', () => {
    expect(
      studioBooking({
        person: { ...bola, name: ' Bola Ade ' },
        day: '2026-11-25',
        slot: '2pm - 6pm',
        venue: 'Print Studio',
        paidWith: 'paystack',
      }),
    ).toEqual({
      Email: 'bola@example.com',
      Name: 'Bola Ade',
      Event: 'Visit',
      Type: 'print-studio',
      Venue: 'Print Studio',
      Date: '2026-11-25',
      Amount: 3_000_000,
      'Time Slot': '2pm - 6pm',
      'Paid with': 'paystack',
      'Payment Reference': null,
      Phone: '0809 111 2222',
    })
  })

  it("names a wallet payment's reference", () => {
    const booking = studioBooking({
      person: bola,
      day: '2026-11-25',
      slot: '2pm - 6pm',
      venue: 'Print Studio',
      paidWith: 'community-wallet',
    })
    expect(booking['Paid with']).toBe('community-wallet')
    expect(booking['Payment Reference']).toBe('Wallet transaction')
  })

  it('returns a guest to the booked page with the query, a signed-in person to Bookings', () => {
    const details = { ...bola, name: 'Bola & Co', day: '2026-11-25', slot: '2pm - 6pm' }
    const url = studioCallbackUrl('https://sixteen.ng', details, false)
    expect(url.startsWith('https://sixteen.ng/booked-printstudio?')).toBe(true)
    const query = new URL(url).searchParams
    expect(Object.fromEntries(query)).toEqual({
      email: 'bola@example.com',
      name: 'Bola & Co',
      day: '2026-11-25',
      type: 'print-studio',
      phone: '0809 111 2222',
      time: '2pm - 6pm',
    })
    expect(studioCallbackUrl('https://sixteen.ng', details, true)).toBe(
      'https://sixteen.ng/profile/bookings',
    )
  })

  it('reads back what it wrote, and empty text for what is missing', () => {
    const path = bookedStudioPath({ ...bola, day: '2026-11-25', slot: '6pm - 10pm' })
    expect(readBookedStudioQuery(path.split('?')[1] ?? '')).toEqual({
      ...bola,
      day: '2026-11-25',
      time: '6pm - 10pm',
      type: 'print-studio',
    })
    expect(readBookedStudioQuery('?email=a%40b.co&reference=SBX-1')).toEqual({
      email: 'a@b.co',
      name: '',
      day: '',
      time: '',
      phone: '',
      type: 'print-studio',
    })
  })

  it('prefills the support message in words: the session, its day and time, and the e-mail', () => {
    const message = studioSupportMessage({
      email: 'bola@example.com',
      day: '2026-11-25',
      time: '2pm - 6pm',
    })
    expect(message).toBe(
      [
        "Hello Sixteen, I booked a Print Studio Session for Wednesday, November 25, 2026 (2pm - 6pm) but I didn't get a receipt.",
        'Email: bola@example.com',
        'Could you send it again, please?',
      ].join('\n'),
    )
    // A tampered or missing day is passed on as it came, never an error.
    expect(studioSupportMessage({ email: '', day: 'soon', time: '' })).toContain(
      'Session for soon but',
    )
    expect(studioSupportMessage({ email: '', day: '', time: '' })).toContain('Email: not given')
  })
})
