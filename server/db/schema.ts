import { relations, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { StoredPaidWith } from '../../machines/rules/bookings'
import { STAFF_ROLES, type StaffRole } from '../../machines/rules/staff-roles'

// One pg-core schema for PGlite and PostgreSQL. Money columns named *_naira hold whole naira as
// shown to people; every *_minor column (and wallet `difference`) holds kobo or cents.

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** `column IN ('a', 'b')` for a CHECK constraint: literals, since drizzle-kit cannot bind params. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} IN (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`

export const SPACE_KINDS = ['coworking', 'print-studio'] as const
export const SUBSCRIPTION_STATUSES = ['Active', 'Inactive'] as const
export const COMMUNITY_STATUSES = ['Active', 'Inactive', 'Community - Pending'] as const
export const COMMUNITY_MEMBER_STATUSES = ['Active', 'Pending'] as const
export const INVITE_STATUSES = ['Pending', 'Used'] as const
export const APPLICATION_KINDS = ['individual', 'community'] as const
export const PAYMENT_PURPOSES = ['booking', 'membership', 'topup'] as const
export const CURRENCIES = ['NGN', 'USD'] as const
// 'refunded': the provider took the money but the place was gone (its hold had expired and the
// event filled up), so it was paid back.
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned', 'refunded'] as const
export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const
export const SANDBOX_STATUSES = ['pending', 'success', 'failed', 'abandoned', 'refunded'] as const
export const BOOKING_TYPES = ['event', 'spot', 'print-studio'] as const
export const BOOKING_STATUSES = ['confirmed', 'held', 'cancelled'] as const
export const PAID_WITH = [
  'free',
  'membership',
  'wallet',
  'community-wallet',
  'paystack',
  'sandbox',
  // A place held for someone offered it from the waitlist (status 'held' until the offer ends):
  // never a booking anyone paid for, and never listed as one.
  'waitlist',
] as const satisfies readonly StoredPaidWith[]
// waiting: in line. offered: a place is held for them (a 'waitlist' booking) until the offer
// ends. booked: they booked that day and slot. left: they left the line. expired: an offer not
// taken in time, passed to the next person.
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'left', 'expired'] as const
export const WALLET_ACTIONS = ['credit', 'debit'] as const
// A refund is queued in the transaction that decides it and sent by the refund worker.
export const REFUND_STATUSES = ['pending', 'sent'] as const

export type SpaceKind = (typeof SPACE_KINDS)[number]
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]
export type CommunityStatus = (typeof COMMUNITY_STATUSES)[number]
export type CommunityMemberStatus = (typeof COMMUNITY_MEMBER_STATUSES)[number]
export type InviteStatus = (typeof INVITE_STATUSES)[number]
export type ApplicationKind = (typeof APPLICATION_KINDS)[number]
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number]
export type Currency = (typeof CURRENCIES)[number]
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]
export type SandboxStatus = (typeof SANDBOX_STATUSES)[number]
export type BookingType = (typeof BOOKING_TYPES)[number]
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export type PaidWith = (typeof PAID_WITH)[number]
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]
export type WalletAction = (typeof WALLET_ACTIONS)[number]
export type RefundStatus = (typeof REFUND_STATUSES)[number]

export interface Poster {
  url: string
}

export interface MailAttachment {
  filename: string
  contentType: string
  /** The file as text (an .ics receipt), or the text to draw as a QR code when `draw` says so. */
  content: string
  /** Shown in the message's HTML where it says `cid:<cid>`. */
  cid?: string
  /**
   * 'qr-png': `content` is drawn as a QR code (PNG) when the message is sent, not when it is
   * queued, so a booking draws nothing (server/mail/attachments.ts).
   */
  draw?: 'qr-png'
}

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    venue: text('venue').notNull(),
    posters: jsonb('posters').$type<Poster[]>().notNull().default([]),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    timeSlots: jsonb('time_slots').$type<string[]>().notNull().default([]),
    priceNaira: integer('price_naira').notNull().default(0),
    friendsPriceNaira: integer('friends_price_naira'),
    // Places per day and time slot; held and confirmed bookings count against it.
    capacity: integer('capacity').notNull(),
    rsvpOpen: boolean('rsvp_open').notNull().default(true),
    membersOnly: boolean('members_only').notNull().default(false),
    // A ticket may be cancelled (and refunded) until this many hours before its slot starts (its
    // own start time on the day, without slots).
    cancelCutoffHours: integer('cancel_cutoff_hours').notNull().default(24),
    // How long a place offered from the waitlist is held for the person offered it.
    waitlistOfferHours: integer('waitlist_offer_hours').notNull().default(12),
    about: text('about').notNull().default(''),
    url: text('url'),
    metadata: text('metadata'),
    createdAt: createdAt(),
  },
  (t) => [
    // Readable slugs, since they appear in /event/{id}.
    check('events_id_slug', sql`${t.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('events_ends_after_start', sql`${t.endAt} >= ${t.startAt}`),
    check('events_capacity_non_negative', sql`${t.capacity} >= 0`),
    check('events_cancel_cutoff_hours_non_negative', sql`${t.cancelCutoffHours} >= 0`),
    check('events_waitlist_offer_hours_positive', sql`${t.waitlistOfferHours} >= 1`),
    check(
      'events_friends_price_non_negative',
      sql`${t.friendsPriceNaira} IS NULL OR ${t.friendsPriceNaira} >= 0`,
    ),
    check('events_posters_array', sql`jsonb_typeof(${t.posters}) = 'array'`),
    check('events_time_slots_array', sql`jsonb_typeof(${t.timeSlots}) = 'array'`),
    index('events_start_at_idx').on(t.startAt),
    index('events_end_at_idx').on(t.endAt),
  ],
)

export const spaces = pgTable(
  'spaces',
  {
    id: text('id').primaryKey(),
    // As staff typed it (may end in '. '); the app cleans it for display.
    name: text('name').notNull(),
    kind: text('kind').$type<SpaceKind>().notNull(),
    coworking: boolean('coworking').notNull().default(true),
    // Places per day (co-working) or per time slot (print studio).
    capacity: integer('capacity').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('spaces_id_slug', sql`${t.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('spaces_kind', oneOf(t.kind, SPACE_KINDS)),
    check('spaces_capacity_positive', sql`${t.capacity} > 0`),
    index('spaces_kind_sort_idx').on(t.kind, t.sort),
  ],
)

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique('accounts_email_unique'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    role: text('role'),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>(),
    subscriptionExpiry: instant('subscription_expiry'),
    pronouns: text('pronouns'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    occupation: text('occupation'),
    companyName: text('company_name'),
    nationality: text('nationality'),
    address: text('address'),
    country: text('country'),
    socialLink: text('social_link'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    emergencyContactPhone: text('emergency_contact_phone'),
    // The profile picture's address (/media/<name>, a square variant in the media table), or null.
    picture: text('picture'),
    // The staff role (the /staff tools; null: not staff), beside the membership role: a staff
    // member may be a member or not. Given and taken by `npm run admin -- staff add|remove`
    // (decisions 028 and 049).
    staffRole: text('staff_role').$type<StaffRole>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('accounts_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('accounts_staff_role', sql`${t.staffRole} IS NULL OR ${oneOf(t.staffRole, STAFF_ROLES)}`),
    check(
      'accounts_subscription_status',
      sql`${t.subscriptionStatus} IS NULL OR ${oneOf(t.subscriptionStatus, SUBSCRIPTION_STATUSES)}`,
    ),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    check('sessions_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    index('sessions_account_id_idx').on(t.accountId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
)

export const magicLinks = pgTable(
  'magic_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('magic_links_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    index('magic_links_account_id_idx').on(t.accountId),
    index('magic_links_expires_at_idx').on(t.expiresAt),
  ],
)

export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status').$type<CommunityStatus>().notNull().default('Community - Pending'),
    membershipExpiry: instant('membership_expiry'),
    // Not a foreign key: a community applicant may have no account until approved.
    creatorEmail: text('creator_email').notNull(),
    numberOfMembers: integer('number_of_members').notNull(),
    about: text('about').notNull().default(''),
    goals: text('goals').notNull().default(''),
    registered: boolean('registered').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('communities_status', oneOf(t.status, COMMUNITY_STATUSES)),
    check('communities_number_of_members', sql`${t.numberOfMembers} IN (4, 6, 8)`),
    check('communities_creator_email_lowercase', sql`${t.creatorEmail} = lower(${t.creatorEmail})`),
    index('communities_creator_email_idx').on(t.creatorEmail),
  ],
)

export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').$type<CommunityMemberStatus>().notNull().default('Pending'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'community_members_pk', columns: [t.communityId, t.email] }),
    check('community_members_status', oneOf(t.status, COMMUNITY_MEMBER_STATUSES)),
    check('community_members_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('community_members_email_idx').on(t.email),
  ],
)

export const invites = pgTable(
  'invites',
  {
    code: text('code').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    status: text('status').$type<InviteStatus>().notNull().default('Pending'),
    createdAt: createdAt(),
  },
  (t) => [
    check('invites_status', oneOf(t.status, INVITE_STATUSES)),
    check('invites_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('invites_email_idx').on(t.email),
  ],
)

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ApplicationKind>().notNull(),
    email: text('email').notNull(),
    // The labelled fields as sent ('First Name', 'Email Address', ...).
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('Pending'),
    inviteCode: text('invite_code').references(() => invites.code, { onDelete: 'set null' }),
    // The community a community application is for (its creator's, or one that invited them).
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    // What staff decided, when, and the note they sent with a refusal.
    decidedAt: instant('decided_at'),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('applications_kind', oneOf(t.kind, APPLICATION_KINDS)),
    check('applications_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('applications_email_idx').on(t.email),
    index('applications_status_idx').on(t.status, t.createdAt),
  ],
)

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique('payments_reference_unique'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    plan: text('plan'),
    currency: text('currency').$type<Currency>().notNull().default('NGN'),
    channel: text('channel'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    // What to create once the payment succeeds (booking fields, plan, wallet id).
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    callbackUrl: text('callback_url').notNull(),
    createdAt: createdAt(),
    finalizedAt: instant('finalized_at'),
    // Why a payment did not end in a booking (declined, sold out and refunded...), for people.
    outcomeNote: text('outcome_note'),
  },
  (t) => [
    check('payments_purpose', oneOf(t.purpose, PAYMENT_PURPOSES)),
    check('payments_currency', oneOf(t.currency, CURRENCIES)),
    check('payments_status', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    // Finalized exactly once: a settled payment has a time, a pending one has none.
    check('payments_finalized', sql`(${t.status} = 'pending') = (${t.finalizedAt} IS NULL)`),
    index('payments_account_id_idx').on(t.accountId, t.createdAt),
    index('payments_email_idx').on(t.email),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The staff's payment search lists the newest first.
    index('payments_created_at_idx').on(t.createdAt),
  ],
)

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    eventId: text('event_id').references(() => events.id),
    type: text('type').$type<BookingType>().notNull(),
    venue: text('venue'),
    // The Lagos calendar day, 'yyyy-MM-dd'.
    date: date('date', { mode: 'string' }).notNull(),
    timeSlot: text('time_slot'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    paidWith: text('paid_with').$type<PaidWith>().notNull(),
    paymentReference: text('payment_reference'),
    paymentId: uuid('payment_id').references(() => payments.id),
    visitors: integer('visitors').notNull().default(0),
    namesOfVisitors: text('names_of_visitors'),
    // Answers to the event's extra fields.
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    // A 'held' booking (card payment pending) counts against capacity only until this instant.
    holdExpiresAt: instant('hold_expires_at'),
    // What the ticket's QR code holds (decision 028): random, so a booking's id (seen in links
    // and receipts) never admits anyone; 16 characters people can read and type (decision 041,
    // machines/rules/ticket-code.ts). The app makes one for the receipt; any other insert (seeds,
    // waitlist holds, staff in SQL) gets the default, of the same shape (migration 0014).
    ticketCode: text('ticket_code')
      .notNull()
      .unique('bookings_ticket_code_unique')
      .default(sql`ticket_code()`),
    // Admitted at the door: when, and by which staff member (one conditional update, decision 028).
    // Its first admission, and by whom; `checkedInPlaces` counts the party let in so far (the
    // booker and their visitors, admitted whole or in part: decision 052).
    checkedInAt: instant('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => accounts.id, { onDelete: 'set null' }),
    checkedInPlaces: integer('checked_in_places').notNull().default(0),
    // When its booker cancelled it (POST /bookings/cancel/{id}); null for one the app cancelled
    // itself (a card payment's hold released or given up) until its booker asks to cancel it,
    // and for any cancelled before migration 0009.
    cancelledAt: instant('cancelled_at'),
    // The secret of the receipt's 'Manage your booking' link, which works without an account:
    // random, neither the booking's id nor its ticket. Made with the receipt, as the ticket is.
    manageCode: text('manage_code')
      .notNull()
      .unique('bookings_manage_code_unique')
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    // A visitor's free booking made without a login or a link of their e-mail opened: its places
    // count in the event's share for such bookings (booking_places.unproven, decision 040).
    unproven: boolean('unproven').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'bookings_checked_in_places_in_party',
      sql`${t.checkedInPlaces} BETWEEN 0 AND ${t.visitors} + 1 AND (${t.checkedInPlaces} > 0) = (${t.checkedInAt} IS NOT NULL)`,
    ),
    check(
      'bookings_held_has_expiry',
      sql`(${t.status} = 'held') = (${t.holdExpiresAt} IS NOT NULL)`,
    ),
    check('bookings_type', oneOf(t.type, BOOKING_TYPES)),
    check('bookings_status', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_paid_with', oneOf(t.paidWith, PAID_WITH)),
    check('bookings_event_type', sql`(${t.type} = 'event') = (${t.eventId} IS NOT NULL)`),
    check('bookings_amount_non_negative', sql`${t.amountMinor} >= 0`),
    check('bookings_visitors_non_negative', sql`${t.visitors} >= 0`),
    check('bookings_email_lowercase', sql`${t.email} = lower(${t.email})`),
    // Capacity counts skip cancelled bookings.
    index('bookings_event_capacity_idx')
      .on(t.eventId, t.date, t.timeSlot)
      .where(sql`${t.status} <> 'cancelled'`),
    index('bookings_space_capacity_idx')
      .on(t.type, t.venue, t.date, t.timeSlot)
      .where(sql`${t.status} <> 'cancelled'`),
    index('bookings_email_idx').on(t.email, t.date),
    // An event's guest list, read a page at a time in its order (decision 053).
    index('bookings_guest_list_idx')
      .on(t.eventId, t.date, sql`coalesce(${t.timeSlot}, '')`, t.name, t.id)
      .where(sql`${t.status} = 'confirmed'`),
    // A day's bookings, for the staff's day and `npm run admin -- bookings list`.
    index('bookings_date_idx').on(t.date),
    index('bookings_account_id_idx').on(t.accountId, t.date),
    index('bookings_payment_id_idx').on(t.paymentId),
    // One booking per person per thing (docs/decisions/015), whoever writes it: a second insert
    // of the same thing by the same e-mail fails, however many instances book at once.
    uniqueIndex('bookings_one_event_ticket_per_person')
      .on(t.email, t.eventId, t.date, sql`coalesce(${t.timeSlot}, '')`)
      .where(sql`${t.status} <> 'cancelled' AND ${t.type} = 'event'`),
    // Co-working is one day, whichever space.
    uniqueIndex('bookings_one_coworking_day_per_person')
      .on(t.email, t.date)
      .where(sql`${t.status} <> 'cancelled' AND ${t.type} = 'spot'`),
    uniqueIndex('bookings_one_studio_session_per_person')
      .on(t.email, t.date, sql`coalesce(${t.timeSlot}, '')`)
      .where(sql`${t.status} <> 'cancelled' AND ${t.type} = 'print-studio'`),
  ],
)

/**
 * Places taken per place (docs/decisions/026): an event's day and slot, a co-working space's day,
 * a studio item's session, named as bookings name them. `taken` is the sum of 1 + visitors over
 * the place's confirmed and held bookings (expired holds included until a booking reclaims
 * them), kept in step by a trigger on bookings (server/db/functions/count_booking_places.sql) whoever writes them; a booking
 * claims its places here with one conditional statement (server/bookings/places.ts).
 */
export const bookingPlaces = pgTable(
  'booking_places',
  {
    type: text('type').$type<BookingType>().notNull(),
    /** The event's id, or the space's or studio item's name as booked (bookings.venue). */
    thing: text('thing').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** '' for co-working (counted per day) and for an event without time slots. */
    timeSlot: text('time_slot').notNull().default(''),
    taken: integer('taken').notNull().default(0),
    /** Of `taken`, the places of unproven bookings (bookings.unproven), capped by decision 040. */
    unproven: integer('unproven').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'booking_places_pk', columns: [t.type, t.thing, t.date, t.timeSlot] }),
    check('booking_places_taken_non_negative', sql`${t.taken} >= 0`),
    check(
      'booking_places_unproven_within_taken',
      sql`${t.unproven} >= 0 AND ${t.unproven} <= ${t.taken}`,
    ),
  ],
)

/**
 * A visitor's free booking asked for when unproven bookings already hold the event's share of
 * places (decision 040): it takes a place, if one is left, when the link e-mailed to its address
 * is opened (POST /bookings/requests/{code}). Until then it holds nothing.
 */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    // The secret of the e-mailed link: random, as a booking's manage code.
    code: text('code').primaryKey().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    date: date('date', { mode: 'string' }).notNull(),
    timeSlot: text('time_slot').notNull().default(''),
    email: text('email').notNull(),
    // The booking as its form sent it, booked as sent once the link is opened.
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    // Once the link was opened and a place taken: the booking made.
    bookingId: uuid('booking_id').references(() => bookings.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('booking_requests_email_lowercase', sql`${t.email} = lower(${t.email})`),
    // One open request per person per event day and slot: asking again sends the same link.
    uniqueIndex('booking_requests_one_open')
      .on(t.email, t.eventId, t.date, t.timeSlot)
      .where(sql`${t.bookingId} IS NULL`),
  ],
)

export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id),
    communityId: uuid('community_id').references(() => communities.id),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').$type<Currency>().notNull().default('NGN'),
    createdAt: createdAt(),
  },
  (t) => [
    check('wallets_one_owner', sql`num_nonnulls(${t.accountId}, ${t.communityId}) = 1`),
    check('wallets_balance_non_negative', sql`${t.balanceMinor} >= 0`),
    check('wallets_currency', oneOf(t.currency, CURRENCIES)),
    uniqueIndex('wallets_account_id_unique').on(t.accountId),
    uniqueIndex('wallets_community_id_unique').on(t.communityId),
  ],
)

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    difference: bigint('difference', { mode: 'number' }).notNull(),
    action: text('action').$type<WalletAction>().notNull(),
    narration: text('narration'),
    note: text('note'),
    actor: text('actor'),
    // Idempotency key: a payment reference credits a wallet once.
    reference: text('reference').unique('wallet_transactions_reference_unique'),
    createdAt: createdAt(),
  },
  (t) => [
    check('wallet_transactions_difference_positive', sql`${t.difference} > 0`),
    check('wallet_transactions_action', oneOf(t.action, WALLET_ACTIONS)),
    index('wallet_transactions_wallet_id_idx').on(t.walletId, t.createdAt),
    // The staff's payment search lists the newest payments from wallets (debits) first.
    index('wallet_transactions_debits_idx').on(t.createdAt).where(sql`${t.action} = 'debit'`),
  ],
)

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // [{ filename, contentType, content, cid?, draw? }] (MailAttachment): an .ics receipt, a
    // ticket's QR code to draw.
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('mail_outbox_created_at_idx').on(t.createdAt),
    // What waits to be sent, for the mailer's look and the metrics' count: a few rows, however
    // many were sent before.
    index('mail_outbox_unsent_idx').on(t.id).where(sql`${t.sentAt} IS NULL`),
  ],
)

/**
 * A scan at the door sent by a phone's queue (POST /staff/check-ins/sync, issue 46): once per
 * nonce, the id the phone gave it, so a batch sent again (its answer lost) is applied once. Its
 * answer is kept to be given again.
 */
export const doorScans = pgTable(
  'door_scans',
  {
    nonce: text('nonce').primaryKey(),
    staffId: uuid('staff_id').references(() => accounts.id, { onDelete: 'set null' }),
    // The phone's name for itself, as its staff member named the door ('Garden gate').
    door: text('door').notNull(),
    code: text('code').notNull(),
    scannedAt: instant('scanned_at').notNull(),
    // Decided on the phone with no answer from the server.
    offline: boolean('offline').notNull(),
    // The booking the code is the ticket of; null for a code that is no booking's.
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    // What the server decided (the CheckIn the door is answered), null only inside its transaction.
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    receivedAt: createdAt(),
  },
  (t) => [index('door_scans_booking_idx').on(t.bookingId)],
)

/**
 * Money going back to a card: written in the transaction that decides the refund (so it is never
 * lost), then sent to the provider by the refund worker, retried with back-off until it is sent.
 * One refund per payment.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id)
      .unique('refunds_payment_id_unique'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    // A refund staff decided (POST /staff/payments/{id}/refund): why, as the payer was told, and
    // the staff member's name. Both null for the app's own refunds (a place sold out, ...).
    reason: text('reason'),
    requestedBy: text('requested_by'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    check('refunds_status', oneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_positive', sql`${t.amountMinor} > 0`),
    check('refunds_sent', sql`(${t.status} = 'sent') = (${t.sentAt} IS NOT NULL)`),
    index('refunds_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
)

/**
 * Idempotency-Key of a write (docs/decisions/015): the first request's hash and answer, so a
 * retry with the same key is answered the same, and the write is made once. `statusCode` is null
 * while the first request is being handled. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The operation and who sent it ('createBooking|account:<id>' or '...|guest'). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
    /** When the first request took the key; a key held far longer belonged to a dead process. */
    lockedAt: instant('locked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
)

/**
 * The sandbox provider's own ledger: what a card provider keeps on its servers. Only the sandbox
 * checkout writes it; our payments table learns the outcome through verify and the webhook.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    reference: text('reference').primaryKey(),
    accessCode: text('access_code').notNull().unique('sandbox_transactions_access_code_unique'),
    email: text('email').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    callbackUrl: text('callback_url').notNull(),
    status: text('status').$type<SandboxStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    paidAt: instant('paid_at'),
    refundedAt: instant('refunded_at'),
  },
  (t) => [
    check('sandbox_transactions_status', oneOf(t.status, SANDBOX_STATUSES)),
    check('sandbox_transactions_currency', oneOf(t.currency, CURRENCIES)),
    check('sandbox_transactions_amount_positive', sql`${t.amountMinor} > 0`),
  ],
)

export const mailingList = pgTable(
  'mailing_list',
  {
    email: text('email').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [check('mailing_list_email_lowercase', sql`${t.email} = lower(${t.email})`)],
)

/**
 * What staff did (decision 028): every staff write, by the API or the admin command line, with
 * the before and after of what it changed. The actor's name and e-mail are kept as they were;
 * a null account is the command line (`npm run admin`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: instant('at').notNull().defaultNow(),
    actorAccountId: uuid('actor_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc())],
)

// Relations, for `db.query.<table>.findMany({ with: ... })`.

export const eventsRelations = relations(events, ({ many }) => ({ bookings: many(bookings) }))

export const accountsRelations = relations(accounts, ({ many }) => ({
  sessions: many(sessions),
  magicLinks: many(magicLinks),
  bookings: many(bookings),
  payments: many(payments),
  wallets: many(wallets),
}))

export const sessionsRelations = relations(sessions, ({ one }) => ({
  account: one(accounts, { fields: [sessions.accountId], references: [accounts.id] }),
}))

export const magicLinksRelations = relations(magicLinks, ({ one }) => ({
  account: one(accounts, { fields: [magicLinks.accountId], references: [accounts.id] }),
}))

export const communitiesRelations = relations(communities, ({ many }) => ({
  members: many(communityMembers),
  invites: many(invites),
  wallets: many(wallets),
}))

export const communityMembersRelations = relations(communityMembers, ({ one }) => ({
  community: one(communities, {
    fields: [communityMembers.communityId],
    references: [communities.id],
  }),
}))

export const invitesRelations = relations(invites, ({ one, many }) => ({
  community: one(communities, { fields: [invites.communityId], references: [communities.id] }),
  applications: many(applications),
}))

export const applicationsRelations = relations(applications, ({ one }) => ({
  invite: one(invites, { fields: [applications.inviteCode], references: [invites.code] }),
}))

export const paymentsRelations = relations(payments, ({ one, many }) => ({
  account: one(accounts, { fields: [payments.accountId], references: [accounts.id] }),
  bookings: many(bookings),
  refund: one(refunds),
}))

export const refundsRelations = relations(refunds, ({ one }) => ({
  payment: one(payments, { fields: [refunds.paymentId], references: [payments.id] }),
}))

export const bookingsRelations = relations(bookings, ({ one }) => ({
  account: one(accounts, { fields: [bookings.accountId], references: [accounts.id] }),
  event: one(events, { fields: [bookings.eventId], references: [events.id] }),
  payment: one(payments, { fields: [bookings.paymentId], references: [payments.id] }),
}))

export const walletsRelations = relations(wallets, ({ one, many }) => ({
  account: one(accounts, { fields: [wallets.accountId], references: [accounts.id] }),
  community: one(communities, { fields: [wallets.communityId], references: [communities.id] }),
  transactions: many(walletTransactions),
}))

export const walletTransactionsRelations = relations(walletTransactions, ({ one }) => ({
  wallet: one(wallets, { fields: [walletTransactions.walletId], references: [wallets.id] }),
}))

/** Binary data: pg gives a Buffer, PGlite a Uint8Array; both arrive here as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

// Uploaded images' variants live in the database, not on disk: every instance behind the load
// balancer shares this PostgreSQL and no shared folder, and a variant is fetched once per browser
// (immutable caching), so the database serves few of these reads.
export const media = pgTable(
  'media',
  {
    /** `<content hash>-<width>x<height>.<ext>`, as in /media/{name}. */
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('media_name_safe', sql`${t.name} ~ '^[0-9a-f]+-[0-9]+x[0-9]+\\.[a-z]+$'`),
    check('media_size_positive', sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
)

/**
 * People waiting for a place on a sold-out day (and slot) of an event, in line by when they
 * joined. One entry in line per e-mail per day and slot. When a place frees up, the first in line
 * is offered it: a 'waitlist' booking holds the place for them until offer_expires_at.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The secret of the entry's links (/waitlist/{token}): random, never its id.
    token: text('token')
      .notNull()
      .unique('waitlist_entries_token_unique')
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    // The Lagos calendar day, 'yyyy-MM-dd', and the slot ('' when the event has none).
    date: date('date', { mode: 'string' }).notNull(),
    timeSlot: text('time_slot').notNull().default(''),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    // While offered: the booking that holds the place, and when the offer ends.
    holdBookingId: uuid('hold_booking_id').references(() => bookings.id),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    // Once booked: the booking they made.
    bookingId: uuid('booking_id').references(() => bookings.id),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('waitlist_entries_status', oneOf(t.status, WAITLIST_STATUSES)),
    check('waitlist_entries_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check(
      'waitlist_entries_offer_has_expiry',
      sql`${t.status} <> 'offered' OR (${t.offerExpiresAt} IS NOT NULL AND ${t.holdBookingId} IS NOT NULL)`,
    ),
    // One place in line per person per day and slot.
    uniqueIndex('waitlist_entries_one_in_line')
      .on(t.eventId, t.date, t.timeSlot, t.email)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    // The line of a day and slot, first come first.
    index('waitlist_entries_line_idx').on(t.eventId, t.date, t.timeSlot, t.status, t.createdAt),
    index('waitlist_entries_offer_expiry_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
  ],
)

export type Event = typeof events.$inferSelect
export type NewEvent = typeof events.$inferInsert
export type Space = typeof spaces.$inferSelect
export type NewSpace = typeof spaces.$inferInsert
export type Account = typeof accounts.$inferSelect
export type NewAccount = typeof accounts.$inferInsert
export type Session = typeof sessions.$inferSelect
export type MagicLink = typeof magicLinks.$inferSelect
export type Community = typeof communities.$inferSelect
export type NewCommunity = typeof communities.$inferInsert
export type CommunityMember = typeof communityMembers.$inferSelect
export type Invite = typeof invites.$inferSelect
export type Application = typeof applications.$inferSelect
export type NewApplication = typeof applications.$inferInsert
export type Payment = typeof payments.$inferSelect
export type NewPayment = typeof payments.$inferInsert
export type Booking = typeof bookings.$inferSelect
export type NewBooking = typeof bookings.$inferInsert
export type BookingPlace = typeof bookingPlaces.$inferSelect
export type Wallet = typeof wallets.$inferSelect
export type WalletTransaction = typeof walletTransactions.$inferSelect
export type NewWalletTransaction = typeof walletTransactions.$inferInsert
export type MailMessage = typeof mailOutbox.$inferSelect
export type NewMailMessage = typeof mailOutbox.$inferInsert
export type SandboxTransaction = typeof sandboxTransactions.$inferSelect
export type Refund = typeof refunds.$inferSelect
export type IdempotencyKey = typeof idempotencyKeys.$inferSelect
export type Media = typeof media.$inferSelect
export type AuditEntry = typeof auditLog.$inferSelect
export type WaitlistEntry = typeof waitlistEntries.$inferSelect
export type NewAuditEntry = typeof auditLog.$inferInsert
