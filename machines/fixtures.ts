import { ApiError, type components } from '../openapi/client'

type Event = components['schemas']['Event']
type Account = components['schemas']['Account']

/** A small, valid event used by the flow models; the dates are irrelevant to the machines. */
export const sampleEvent: Event = {
  ID: 'rooftop-jazz',
  Name: 'Rooftop Jazz',
  Address: '16 Akin Olugbade Street, Victoria Island, Lagos',
  Venue: 'The Rooftop',
  Poster: [{ url: '/images/posters/jazz-rooftop.svg' }],
  StartDate: '2026-11-22T15:00:00.000Z',
  EndDate: '2026-11-22T19:00:00.000Z',
  TimeSlots: ['4pm - 8pm'],
  Price: 10000,
  FriendsPrice: 8000,
  RSVP: true,
  Waitlist: false,
  BookingClosed: false,
  CancelCutoffHours: 24,
  'Members-only': false,
  About: 'Live jazz on the roof.',
  URL: null,
  metadata: null,
}

export const sampleAccount = (subscriptionStatus: string | null): Account => ({
  id: '00000000-0000-4000-8000-000000000001',
  Name: 'Ada Okafor',
  Role: 'Member',
  'Email Address': 'ada@example.com',
  subscriptionStatus,
  subscriptionExpiry: '2027-04-30T23:00:00.000Z',
  'Created at': '2026-01-10T09:00:00.000Z',
})

type Community = components['schemas']['Community']

/** A community created by Zainab, as the communities call lists it. */
export const sampleCommunity = (Status: string): Community => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  Name: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
  Status,
  'Membership Expiry': '2027-06-30T23:00:00.000Z',
  'Created At': '2026-02-01T09:00:00.000Z',
  Creator: 'zainab@example.com',
  'Number of Members': 4,
  Members: 'zainab@example.com,femi@example.com',
  'Pending Members': 'bisi@example.com',
})

/** A call's failure when the session has ended: the client's 401. */
export const sessionEnded = { error: new ApiError(401, 'Login session has expired') }

/** A call's failure when it never reached the server: the connection dropped. */
export const connectionLost = { error: new TypeError('Failed to fetch') }

/** A call's failure when the signed-in person is not staff: the server's 403. */
export const notStaff = { error: new ApiError(403, "This is for the hotel's staff.") }

/** How a staff screen's read fails in its model: the session ended, the network, not staff. */
export const staffReadFailures = [sessionEnded, connectionLost, notStaff]
