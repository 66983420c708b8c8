import { eq, inArray, or } from 'drizzle-orm'
import { dateAndClock, dayInFull, lagosDay, shortDate } from '../../machines/rules/dates'
import { formatMinor, formatNaira } from '../../machines/rules/money'
import { cleanSpaceName } from '../../machines/rules/spaces'
import type { components } from '../../openapi/schema'
import { nameOf } from '../applications/decisions'
import { bookingTitle } from '../bookings/booking-bodies'
import type { Db } from '../db/client'
import {
  type AuditEntry as AuditRow,
  accounts,
  applications,
  bookings,
  events,
  spaces,
} from '../db/schema'
import { paymentsByIds } from '../payments/staff-payments'
import { ADMIN_CLI_ACTOR, fullName } from './audit'

// The audit log as staff read it (GET /staff/audit, docs/decisions/042). The log keeps what each
// write changed as it was written (ids, minor units, instants); this says it in people's words
// when it is read: the guest, payer, applicant, member, event or space by name as they are now,
// money through the one money formatter, times on the Lagos clock, staff by name.

type AuditEntry = components['schemas']['AuditEntry']
type AuditRecord = AuditEntry['record']
type AuditChange = AuditEntry['changes'][number]

/** A person named in a change (who checked a ticket in, the account an approval made). */
interface Person {
  name: string
  email: string
}

/** What a change's value is read with: the payment's currency, the people its ids name. */
interface Context {
  currency: string
  people: ReadonlyMap<string, Person>
}

type Side = 'before' | 'after'

/** A value in words; null where there was none (the view shows a dash). */
type Show = (value: unknown, context: Context, side: Side) => string | null

interface Field {
  label: string
  show: Show
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An instant as the database writes it: '2026-11-24T09:05:00.000Z'. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

const DAY = /^\d{4}-\d{2}-\d{2}$/

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`

/** Any value, for a field this file has no words for yet. */
const plain = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string') return INSTANT.test(value) ? dateAndClock(value) : value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(', ') : null
  return JSON.stringify(value)
}

const number = (value: unknown): number | null => (typeof value === 'number' ? value : null)

const yesNo: Show = (value) => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : plain(value))

const moment: Show = (value) => (typeof value === 'string' ? dateAndClock(value) : plain(value))

const money: Show = (value, { currency }) => {
  const minor = number(value)
  return minor === null ? plain(value) : formatMinor(minor, currency)
}

const naira: Show = (value) => {
  const whole = number(value)
  if (whole === null) return plain(value)
  return whole === 0 ? 'Free' : formatNaira(whole)
}

const day: Show = (value) =>
  typeof value === 'string' && DAY.test(value) ? dayInFull(value) : plain(value)

const person: Show = (value, { people }) => {
  if (typeof value !== 'string') return plain(value)
  return people.get(value)?.name ?? 'An account no longer on record'
}

const places: Show = (value) => {
  const count = number(value)
  return count === null ? plain(value) : plural(count, 'place')
}

/** What words a stored word reads as; others as they are. */
const words =
  (table: Record<string, string>): Show =>
  (value) =>
    typeof value === 'string' ? (table[value] ?? value) : plain(value)

/** The fields every action may write, by their stored name. */
const FIELDS: Record<string, Field> = {
  // A check-in.
  checkedInAt: {
    label: 'Checked in',
    show: (v, c, s) => (v === null ? 'Not yet' : moment(v, c, s)),
  },
  checkedInBy: { label: 'Checked in by', show: person },
  // A party let in whole or in part (decision 052).
  checkedInPlaces: { label: 'People in', show: plain },
  // A check-in sent by a door's queue (decision 050).
  door: { label: 'Door', show: plain },
  offline: {
    label: 'Decided',
    show: (v) =>
      typeof v === 'boolean' ? (v ? 'On the phone, offline' : 'By the server') : plain(v),
  },
  // A staff role given, changed or taken (decision 049).
  staffRole: {
    label: 'Staff role',
    show: (v, c, s) =>
      v === null
        ? 'None'
        : words({ door: 'Door', desk: 'Front desk', manager: 'Manager', owner: 'Owner' })(v, c, s),
  },
  // A decision on an application.
  status: {
    label: 'Status',
    show: words({
      Pending: 'Waiting for a decision',
      'Community - Pending': 'Waiting for a decision',
      Approved: 'Approved',
      Rejected: 'Declined',
      paid: 'Paid',
      refunding: 'Refund on its way to the card',
      refunded: 'Refunded to the wallet',
    }),
  },
  accountId: {
    label: 'Account made for',
    show: (value, { people }) => {
      if (typeof value !== 'string') return plain(value)
      const made = people.get(value)
      return made ? `${made.name} (${made.email})` : 'An account no longer on record'
    },
  },
  decisionNote: { label: 'Note to the applicant', show: plain },
  // A refund, or a membership extended by hand.
  reason: { label: 'Reason', show: plain },
  amountMinor: { label: 'Amount refunded', show: money },
  walletBalanceMinor: { label: 'Wallet balance after', show: money },
  subscriptionStatus: { label: 'Membership', show: plain },
  subscriptionExpiry: {
    label: 'Membership ends',
    show: (value) => (typeof value === 'string' ? shortDate(value) : plain(value)),
  },
  // The staff role, given or taken away.
  staff: { label: 'Staff role', show: yesNo },
  email: { label: 'E-mail', show: plain },
  firstName: { label: 'First name', show: plain },
  lastName: { label: 'Last name', show: plain },
  // An event, as its editor names its fields.
  title: { label: 'Title', show: plain },
  about: { label: 'About', show: plain },
  startDay: { label: 'First day', show: day },
  endDay: { label: 'Last day', show: day },
  startTime: { label: 'Starts', show: plain },
  endTime: { label: 'Ends', show: plain },
  slots: {
    label: 'Time slots',
    show: (value) =>
      Array.isArray(value) && value.length === 0 ? 'One, from start to end' : plain(value),
  },
  venue: { label: 'Venue in the hotel', show: plain },
  address: { label: 'Address', show: plain },
  price: { label: 'Price', show: naira },
  friendsPrice: {
    label: "Friends' price",
    show: (value, c, s) => (value === null ? 'The price' : naira(value, c, s)),
  },
  capacity: { label: 'Places', show: places },
  membersOnly: { label: 'Members only', show: yesNo },
  rsvp: { label: 'People can book it', show: yesNo },
  url: { label: 'Web page about it', show: plain },
  extraQuestions: { label: 'Extra questions when booking', show: plain },
  cancelCutoffHours: {
    label: 'Cancellations close',
    show: (value) => {
      const hours = number(value)
      if (hours === null) return plain(value)
      return hours === 0 ? 'When it starts' : `${plural(hours, 'hour')} before it starts`
    },
  },
  waitlistOfferHours: {
    label: 'A waitlist offer is held for',
    show: (value) => {
      const hours = number(value)
      return hours === null ? plain(value) : plural(hours, 'hour')
    },
  },
  poster: {
    label: 'Poster',
    show: (value, _c, side) =>
      typeof value === 'string' && value !== ''
        ? side === 'before'
          ? 'The earlier poster'
          : 'A new poster'
        : null,
  },
  // A space or studio item.
  name: { label: 'Name', show: plain },
  bookable: { label: 'Open for booking', show: yesNo },
  sort: { label: 'Place in the list', show: plain },
}

/** A field by its stored name, with words of its own where an action needs them. */
function fieldOf(action: string, field: string): Field {
  if (action.startsWith('event') && field === 'capacity') {
    return { label: 'Places each day and slot', show: places }
  }
  if (action === 'payment refund' && field === 'reason') {
    return { label: 'Reason, for the payer', show: plain }
  }
  // A field with no words of its own yet: 'someField' reads 'Some field'.
  const label = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (first) => first.toUpperCase())
  return FIELDS[field] ?? { label, show: plain }
}

/** Every field the write changed, its value before and after in words. */
function changesOf(row: AuditRow, context: Context): AuditChange[] {
  const { before, after } = row
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return fields
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => {
      const { label, show } = fieldOf(row.action, field)
      const was = before?.[field]
      const is = after?.[field]
      return {
        field: label,
        before: was === undefined ? null : show(was, context, 'before'),
        after: is === undefined ? null : show(is, context, 'after'),
      }
    })
}

/** Who did it, from the name and e-mail kept with the entry ('Amaka Obi <amaka@sixteen.ng>'). */
function actorOf(stored: string): AuditEntry['actor'] {
  if (stored === ADMIN_CLI_ACTOR) return { name: 'The command line (npm run admin)', email: null }
  const kept = /^(.*) <([^<>]+)>$/.exec(stored)
  if (!kept) return { name: stored, email: null }
  const [, name = '', email = ''] = kept
  return { name: name.trim() || email, email }
}

const ids = (values: Iterable<unknown>) =>
  [...new Set(values)].filter((v): v is string => typeof v === 'string' && UUID.test(v))

const ofAction = (rows: readonly AuditRow[], ...actions: string[]) =>
  rows.filter((row) => actions.includes(row.action)).map((row) => row.subject)

/** The records the entries name, read in a few queries, whatever the number of entries. */
async function recordsOf(db: Db, rows: readonly AuditRow[]) {
  const bookingIds = ids(ofAction(rows, 'check-in'))
  const applicationIds = ids(ofAction(rows, 'application approve', 'application decline'))
  const paymentIds = ids(ofAction(rows, 'payment refund'))
  const eventIds = [...new Set(ofAction(rows, 'event create', 'event edit', 'event poster'))]
  const spaceIds = [...new Set(ofAction(rows, 'space create', 'space update'))]
  const emails = [...new Set(ofAction(rows, 'staff add', 'staff remove'))]
  const accountIds = ids([
    ...ofAction(rows, 'member extend'),
    ...rows.flatMap((row) => [row.after?.checkedInBy, row.after?.accountId]),
  ])
  const [bookingRows, applicationRows, paymentRows, eventRows, spaceRows, accountRows] =
    await Promise.all([
      bookingIds.length > 0
        ? db
            .select({ booking: bookings, eventName: events.name })
            .from(bookings)
            .leftJoin(events, eq(events.id, bookings.eventId))
            .where(inArray(bookings.id, bookingIds))
        : [],
      applicationIds.length > 0
        ? db.select().from(applications).where(inArray(applications.id, applicationIds))
        : [],
      paymentsByIds(db, paymentIds),
      eventIds.length > 0
        ? db
            .select({ id: events.id, name: events.name, startAt: events.startAt })
            .from(events)
            .where(inArray(events.id, eventIds))
        : [],
      spaceIds.length > 0 ? db.select().from(spaces).where(inArray(spaces.id, spaceIds)) : [],
      accountIds.length > 0 || emails.length > 0
        ? db
            .select({
              id: accounts.id,
              email: accounts.email,
              firstName: accounts.firstName,
              lastName: accounts.lastName,
            })
            .from(accounts)
            .where(
              or(
                accountIds.length > 0 ? inArray(accounts.id, accountIds) : undefined,
                emails.length > 0 ? inArray(accounts.email, emails) : undefined,
              ),
            )
        : [],
    ])
  const personOf = (account: (typeof accountRows)[number]): Person => ({
    name: fullName(account) || account.email,
    email: account.email,
  })
  return {
    bookings: new Map(bookingRows.map((row) => [row.booking.id, row])),
    applications: new Map(applicationRows.map((row) => [row.id, row])),
    payments: new Map(paymentRows.map((row) => [row.id, row])),
    events: new Map(eventRows.map((row) => [row.id, row])),
    spaces: new Map(spaceRows.map((row) => [row.id, row])),
    people: new Map(accountRows.map((row) => [row.id, personOf(row)])),
    byEmail: new Map(accountRows.map((row) => [row.email, personOf(row)])),
  }
}

type Records = Awaited<ReturnType<typeof recordsOf>>

/** What the entry acted on, by name; as stored, when it is no longer on record. */
function recordOf(row: AuditRow, records: Records): AuditRecord {
  const gone: AuditRecord = { name: row.subject, detail: 'No longer on record' }
  switch (row.action) {
    case 'check-in': {
      const found = records.bookings.get(row.subject)
      if (!found) return gone
      const { booking, eventName } = found
      const title = bookingTitle(booking, eventName)
      const what = booking.eventId || !booking.venue ? title : `${title} at ${booking.venue}`
      const when = [dayInFull(booking.date), booking.timeSlot].filter(Boolean).join(', ')
      return { name: booking.name || booking.email, detail: `Ticket for ${what}, ${when}` }
    }
    case 'application approve':
    case 'application decline': {
      const application = records.applications.get(row.subject)
      if (!application) return gone
      const kind = application.kind === 'community' ? 'Community application' : 'Application'
      return { name: nameOf(application), detail: `${kind} · ${application.email}` }
    }
    case 'payment refund': {
      const payment = records.payments.get(row.subject)
      if (!payment) return gone
      const how = payment.method === 'card' ? 'by card' : 'from a wallet'
      return {
        name: payment.name ?? payment.email,
        detail: `${payment.what} · ${formatMinor(payment.amountMinor, payment.currency)} paid ${how}`,
      }
    }
    case 'event create':
    case 'event edit':
    case 'event poster': {
      const event = records.events.get(row.subject)
      if (!event) return gone
      return { name: event.name, detail: `Event · ${dayInFull(lagosDay(event.startAt))}` }
    }
    case 'space create':
    case 'space update': {
      const space = records.spaces.get(row.subject)
      if (!space) return gone
      const kind = space.kind === 'coworking' ? 'Co-working space' : 'Print studio item'
      return { name: cleanSpaceName(space.name), detail: kind }
    }
    case 'member extend': {
      const member = records.people.get(row.subject)
      return member ? { name: member.name, detail: `Member · ${member.email}` } : gone
    }
    case 'staff add':
    case 'staff remove': {
      const account = records.byEmail.get(row.subject.toLowerCase())
      return account
        ? { name: account.name, detail: account.email }
        : { name: row.subject, detail: null }
    }
    default:
      return { name: row.subject, detail: null }
  }
}

/** The entries, newest first as given, in the words staff read them in. */
export async function auditInWords(db: Db, rows: readonly AuditRow[]): Promise<AuditEntry[]> {
  const records = await recordsOf(db, rows)
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: actorOf(row.actor),
    action: row.action,
    subject: row.subject,
    record: recordOf(row, records),
    changes: changesOf(row, {
      currency: records.payments.get(row.subject)?.currency ?? 'NGN',
      people: records.people,
    }),
  }))
}
