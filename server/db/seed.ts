import { addDays, addMonths, subDays, subMonths } from 'date-fns'
import { sql } from 'drizzle-orm'
import { addDaysToDay, dayStart, isMonday, lagosDay } from '../../machines/rules/dates'
import { findPlan, planAmountMinor } from '../../machines/rules/membership'
import { coworkingPriceKobo, printStudioPriceKobo } from '../../machines/rules/pricing'
import type { Db } from './client.ts'
import {
  accounts,
  applications,
  bookings,
  communities,
  communityMembers,
  events,
  invites,
  type NewAccount,
  type NewEvent,
  payments,
  sandboxTransactions,
  spaces,
  wallets,
  walletTransactions,
} from './schema.ts'

// Demo data for a fresh database, dated relative to `now` on the Lagos calendar so every state of
// the spec (today, upcoming, ended, sold out, members only, expiring, inactive...) shows at once.
// Days and plans come from the app's own rules (machines/rules), so the demo agrees with them.

/** The instant of a Lagos wall-clock time ('HH:mm') on a Lagos day. */
function lagosTime(day: string, time: string): Date {
  const [h = 0, min = 0] = time.split(':').map(Number)
  return new Date(dayStart(day).getTime() + (h * 60 + min) * 60_000)
}

/** 0 = Sunday ... 6 = Saturday: the weekday of a calendar day, read off its date alone. */
function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay()
}

/** Mondays are closed: a demo day that would fall on one moves to the Tuesday. */
function notMonday(day: string): string {
  return isMonday(day) ? addDaysToDay(day, 1) : day
}

/** The nth open day (not a Monday) after today: distinct days for distinct n. */
function openDayAfter(today: string, n: number): string {
  let day = today
  for (let found = 0; found < n; ) {
    day = addDaysToDay(day, 1)
    if (!isMonday(day)) found++
  }
  return day
}

/**
 * A membership payment's plan, currency and price, as the app charges it (a plan the rules do
 * not know is a mistake in the seed).
 */
function planPayment(id: string, currency: 'NGN' | 'USD') {
  const plan = findPlan(id)
  if (!plan) throw new Error(`seed: no plan ${id}`)
  return { plan: plan.id, currency, amountMinor: planAmountMinor(plan, currency) }
}

/** The open day the Risograph Workshop (and Kemi's booking for it) falls on. */
const RISO_DAY = 5

export const DEMO_HOTEL_ADDRESS = '16 Akin Olugbade Street, Victoria Island, Lagos'

export interface DemoAccount {
  email: string
  name: string
  /** Whether an account exists, so a login link can be requested for this address. */
  canLogIn: boolean
  demonstrates: string
}

/** The people in the demo data and what each one shows (the README lists them). */
/** A member whose name and address are as long as many of ours: the layouts must hold them. */
export const LONG_NAMED_MEMBER = 'oluwaseun.adebayowilliams@example.com'

/** An applicant whose name and e-mail are as long as many of ours: the staff's queue holds them. */
export const LONG_NAMED_APPLICANT = 'chukwuemekaoluwaseun.adebayo-nwachukwu@lagosprintmakers.com.ng'

/** The front desk: the staff role, no membership (decision 028). */
export const DEMO_STAFF = 'staff@example.com'

/** At the door: the door role, which opens the day and check-in and nothing else (decision 049). */
export const DEMO_DOOR = 'door@example.com'

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'ada@example.com',
    name: 'Ada Okafor',
    canLogIn: true,
    demonstrates:
      'Active member (about 5 months left), wallet with ₦25,000.00 and a top-up and a debit, bookings and payments',
  },
  {
    email: 'tunde@example.com',
    name: 'Tunde Bakare',
    canLogIn: true,
    demonstrates: 'Inactive member (expired last month): red banner, wallet suspended',
  },
  {
    email: 'kemi@example.com',
    name: 'Kemi Adeyemi',
    canLogIn: true,
    demonstrates: 'Active member expiring in 12 days: renewal banner; used invite USED16',
  },
  {
    email: 'zainab@example.com',
    name: 'Zainab Bello',
    canLogIn: true,
    demonstrates:
      "Community Member and creator of 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives' (4 places): community screen and wallet",
  },
  {
    email: 'femi@example.com',
    name: 'Femi Johnson',
    canLogIn: true,
    demonstrates:
      "Active member of 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives' (sees the community wallet)",
  },
  {
    email: LONG_NAMED_MEMBER,
    name: 'Oluwaseun Adebayo-Williams',
    canLogIn: true,
    demonstrates:
      'Active member with a long name and e-mail address, as many of our members have: no wallet yet, no bookings',
  },
  {
    email: DEMO_STAFF,
    name: 'Oluwaseun Adebayo-Okonkwo',
    canLogIn: true,
    demonstrates:
      "Staff, not a member: the day's sessions at /staff, check-in at the door at /staff/check-in",
  },
  {
    email: DEMO_DOOR,
    name: 'Chidiebube Okwuosa-Adeyemi',
    canLogIn: true,
    demonstrates:
      'Staff at the door only: the day and check-in at /staff/check-in, no other staff tool',
  },
  {
    email: 'bisi@example.com',
    name: 'Bisi Adewale',
    canLogIn: false,
    demonstrates:
      "Pending member of 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives' (invited, has not joined yet)",
  },
  {
    email: 'chioma@example.com',
    name: 'Chioma Nwosu',
    canLogIn: false,
    demonstrates: 'Pending invite WELCOME16: /invite/WELCOME16 greets Chioma',
  },
  {
    email: 'obinna@example.com',
    name: 'Obinna Eze',
    canLogIn: false,
    demonstrates: 'Pending individual application, for staff to approve',
  },
  {
    email: LONG_NAMED_APPLICANT,
    name: 'Chukwuemekaoluwaseun Adebayo-Nwachukwu',
    canLogIn: false,
    demonstrates:
      "Pending community application for 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives', with a long name and e-mail address",
  },
]

export const DEMO_INVITES = [
  { code: 'WELCOME16', email: 'chioma@example.com', firstName: 'Chioma', status: 'Pending' },
  { code: 'USED16', email: 'kemi@example.com', firstName: 'Kemi', status: 'Used' },
] as const

export const DEMO_COMMUNITY_NAME = 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives'

/** Ada's co-working day from her wallet: a member with two extra guests pays for one. */
const COWORKING_DEBIT = coworkingPriceKobo(2, true)

/** Ada's wallet balance in kobo: a ₦30,000 top-up less a ₦5,000 co-working debit. */
export const DEMO_WALLET_BALANCE_MINOR = 3_000_000 - COWORKING_DEBIT

/** The demo's events as of `now` (exported so the posters can be checked against them). */
export function demoEvents(now: Date): NewEvent[] {
  const today = lagosDay(now)
  const day = (n: number) => openDayAfter(today, n)
  const poster = (...names: string[]) => names.map((name) => ({ url: `/images/posters/${name}` }))
  // First Saturday after today, then a week on: a Saturday-to-Tuesday run always spans a Monday.
  const nextSaturday = addDaysToDay(today, (6 - weekday(today) + 7) % 7 || 7)
  const openStudioStart = addDaysToDay(nextSaturday, 7)

  return [
    {
      id: 'rooftop-jazz',
      name: 'Rooftop Jazz',
      address: DEMO_HOTEL_ADDRESS,
      venue: 'Rooftop Terrace',
      posters: poster('jazz-rooftop.svg'),
      startAt: lagosTime(today, '16:00'),
      endAt: lagosTime(today, '23:00'),
      timeSlots: ['4pm - 8pm'],
      priceNaira: 10000,
      friendsPriceNaira: 8000,
      capacity: 80,
      about:
        'The Lekan Adeyemi Quartet plays standards and Afro-jazz originals as the sun goes down over the lagoon. Come early for a seat by the rail; the bar serves zobo spritzes and palm-wine cocktails all evening.',
    },
    {
      id: 'listening-session',
      name: 'Listening Session',
      address: DEMO_HOTEL_ADDRESS,
      venue: 'Library',
      posters: poster('listening-session.svg'),
      startAt: lagosTime(day(1), '19:00'),
      endAt: lagosTime(day(1), '22:00'),
      timeSlots: ['7pm - 10pm'],
      priceNaira: 5000,
      friendsPriceNaira: 3000,
      capacity: 25,
      about:
        'A classic Fela record, played start to finish on our valve amplifier, then talked over with a host who knew the Shrine in its prime. Phones away, lights low, tea and chin-chin on the side.',
    },
    {
      id: 'poetry-and-palm-wine',
      name: 'Poetry & Palm Wine',
      address: DEMO_HOTEL_ADDRESS,
      venue: 'Courtyard',
      posters: poster('poetry-evening.svg'),
      startAt: lagosTime(day(2), '16:00'),
      endAt: lagosTime(day(2), '20:00'),
      timeSlots: ['4pm - 8pm'],
      priceNaira: 0,
      friendsPriceNaira: null,
      capacity: 40,
      about:
        'An open mic under the frangipani tree for poems in English, Yoruba, Igbo, Pidgin or anything in between. Sign up at the door for a five-minute slot, or just come to listen; the first calabash of palm wine is on us.',
    },
    {
      id: 'supper-club',
      name: 'Supper Club',
      address: DEMO_HOTEL_ADDRESS,
      venue: 'The Garden Room',
      posters: poster('supper-club.svg'),
      startAt: lagosTime(day(4), '19:00'),
      endAt: lagosTime(day(4), '23:00'),
      timeSlots: ['7pm - 11pm'],
      priceNaira: 35000,
      friendsPriceNaira: 30000,
      capacity: 12,
      rsvpOpen: false,
      about:
        'Twelve guests, one long table and a seven-course tasting menu from Chef Tolu, built around what came in from Epe market that morning. Every seat is taken for this one; watch the calendar for the next date.',
    },
    {
      id: 'risograph-workshop',
      name: 'Risograph Workshop',
      address: DEMO_HOTEL_ADDRESS,
      venue: 'Print Studio',
      posters: poster('riso-workshop.svg'),
      startAt: lagosTime(day(RISO_DAY), '12:00'),
      endAt: lagosTime(day(RISO_DAY), '20:00'),
      timeSlots: ['12pm - 4pm', '4pm - 8pm'],
      priceNaira: 15000,
      friendsPriceNaira: 10000,
      capacity: 12,
      about:
        'Learn to separate colours, cut stencils and run a two-colour print on our risograph. You leave with a small edition of your own zine; paper, ink and snacks are included.',
    },
    {
      id: 'photo-walk-lagos-island',
      name: 'Photo Walk: Lagos Island, from Tinubu Square through the Brazilian Quarter to Balogun Market',
      address: 'Tinubu Square, Broad Street, Lagos Island, Lagos',
      venue: 'Meet at Tinubu Square',
      posters: poster('photo-walk.svg'),
      startAt: lagosTime(day(6), '07:30'),
      endAt: lagosTime(day(6), '11:00'),
      timeSlots: ['7:30am - 11am'],
      priceNaira: 5000,
      friendsPriceNaira: 2500,
      capacity: 15,
      metadata: 'Instagram handle, Camera type',
      about:
        'Walk the old Brazilian Quarter and the Balogun market streets with a photographer who grew up there, catching the morning light on the colonial facades. Any camera is welcome, phones included; tell us your handle so we can share the best frames.',
    },
    {
      id: 'friends-of-16-brunch',
      name: 'Friends of 16 Brunch',
      address: DEMO_HOTEL_ADDRESS,
      venue: '8th Floor',
      posters: poster('members-brunch.svg'),
      startAt: lagosTime(day(8), '11:00'),
      endAt: lagosTime(day(8), '15:00'),
      timeSlots: ['11am - 3pm'],
      priceNaira: 12000,
      friendsPriceNaira: null,
      capacity: 30,
      membersOnly: true,
      about:
        'Our monthly brunch for Friends of 16: small chops, akara and agege bread, and the best view of the city from the eighth floor. A chance to meet the other members and hear what is coming to the house next month.',
    },
    {
      id: 'design-market',
      name: 'Design Market',
      address: DEMO_HOTEL_ADDRESS,
      venue: 'Courtyard',
      posters: poster('design-market.svg'),
      startAt: lagosTime(day(12), '10:00'),
      endAt: lagosTime(day(12), '18:00'),
      timeSlots: [],
      priceNaira: 0,
      friendsPriceNaira: null,
      capacity: 300,
      about:
        'Thirty Lagos makers fill the courtyard with adire textiles, ceramics, furniture and prints you will not find in a mall. Entry is free; come hungry, the suya stand opens at noon.',
    },
    {
      id: 'open-studio-weekend',
      name: 'Open Studio Weekend',
      address: DEMO_HOTEL_ADDRESS,
      venue: 'Print Studio',
      posters: poster('open-studio-1.svg', 'open-studio-2.svg', 'open-studio-3.svg'),
      startAt: lagosTime(openStudioStart, '12:00'),
      endAt: lagosTime(addDaysToDay(openStudioStart, 3), '20:00'),
      timeSlots: ['12pm - 4pm', '4pm - 8pm'],
      priceNaira: 0,
      friendsPriceNaira: null,
      capacity: 60,
      about:
        'Four days with the studio doors open: watch resident artists at work, try the presses yourself and take home a print pulled in front of you. We rest on the Monday, so pick any of the other days.',
    },
    {
      id: 'film-night',
      name: 'Film Night',
      address: DEMO_HOTEL_ADDRESS,
      venue: 'Screening Room',
      posters: poster('film-night.svg'),
      startAt: lagosTime(addDaysToDay(today, -3), '19:00'),
      endAt: lagosTime(addDaysToDay(today, -3), '22:00'),
      timeSlots: ['7pm - 10pm'],
      priceNaira: 3000,
      // A FriendsPrice of 0 means free for members (ticketPrice), and the app says so.
      friendsPriceNaira: 0,
      capacity: 40,
      about:
        'A restored print of a Nollywood classic, introduced by a film critic and followed by a conversation with the audience. Popcorn, Chapman and a room full of people who love cinema. Friends of 16 get in free.',
    },
  ]
}

const DEMO_SPACES = [
  { id: 'garden-room', name: 'The Garden Room', kind: 'coworking', capacity: 20, sort: 1 },
  // The trailing period and space are deliberate: the app must clean names as staff type them.
  { id: 'library', name: 'Library. ', kind: 'coworking', capacity: 12, sort: 2 },
  { id: 'courtyard', name: 'Courtyard', kind: 'coworking', capacity: 30, sort: 3 },
  { id: '8th-floor', name: '8th Floor', kind: 'coworking', capacity: 10, sort: 4 },
  { id: 'print-studio', name: 'Print Studio', kind: 'print-studio', capacity: 4, sort: 1 },
] as const

function demoAccounts(now: Date, communityExpiry: Date): NewAccount[] {
  const common = {
    nationality: 'Nigerian',
    country: 'Nigeria',
  }
  return [
    {
      ...common,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Okafor',
      phone: '+234 803 555 0101',
      role: 'Member',
      subscriptionStatus: 'Active',
      subscriptionExpiry: addMonths(now, 5),
      pronouns: 'she/her',
      dateOfBirth: '1991-03-14',
      occupation: 'Architect',
      companyName: 'Okafor Studio',
      address: '12 Bourdillon Road, Ikoyi, Lagos',
      socialLink: 'https://instagram.com/ada.builds',
      emergencyContactName: 'Chidi Okafor',
      emergencyContactRelationship: 'Sibling',
      emergencyContactPhone: '+234 803 555 0102',
      createdAt: subMonths(now, 1),
    },
    {
      ...common,
      email: 'tunde@example.com',
      firstName: 'Tunde',
      lastName: 'Bakare',
      phone: '+234 805 555 0111',
      role: 'Member',
      subscriptionStatus: 'Inactive',
      subscriptionExpiry: subMonths(now, 1),
      pronouns: 'he/him',
      dateOfBirth: '1987-08-02',
      occupation: 'Music producer',
      companyName: null,
      address: '4 Adeola Odeku Street, Victoria Island, Lagos',
      socialLink: 'https://soundcloud.com/tundebakare',
      emergencyContactName: 'Funke Bakare',
      emergencyContactRelationship: 'Spouse',
      emergencyContactPhone: '+234 805 555 0112',
      createdAt: subMonths(now, 7),
    },
    {
      ...common,
      email: 'kemi@example.com',
      firstName: 'Kemi',
      lastName: 'Adeyemi',
      phone: '+234 807 555 0121',
      role: 'Member',
      subscriptionStatus: 'Active',
      subscriptionExpiry: addDays(now, 12),
      pronouns: 'she/her',
      dateOfBirth: '1995-11-30',
      occupation: 'Illustrator',
      companyName: 'Freelance',
      address: '27 Herbert Macaulay Way, Yaba, Lagos',
      socialLink: 'https://instagram.com/kemidraws',
      emergencyContactName: 'Bola Adeyemi',
      emergencyContactRelationship: 'Mother',
      emergencyContactPhone: '+234 807 555 0122',
      createdAt: addDays(subMonths(now, 12), 12),
    },
    {
      ...common,
      email: 'zainab@example.com',
      firstName: 'Zainab',
      lastName: 'Bello',
      phone: '+234 809 555 0131',
      role: 'Community Member',
      subscriptionStatus: 'Active',
      subscriptionExpiry: communityExpiry,
      pronouns: 'she/her',
      dateOfBirth: '1989-05-21',
      occupation: 'Printmaker',
      companyName: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
      address: '8 Sabo Road, Yaba, Lagos',
      socialLink: 'https://lagosprintcollective.example.com',
      emergencyContactName: 'Musa Bello',
      emergencyContactRelationship: 'Father',
      emergencyContactPhone: '+234 809 555 0132',
      createdAt: subMonths(now, 2),
    },
    {
      ...common,
      email: 'femi@example.com',
      firstName: 'Femi',
      lastName: 'Johnson',
      phone: '+234 802 555 0141',
      role: 'Community Member',
      subscriptionStatus: 'Active',
      subscriptionExpiry: communityExpiry,
      pronouns: 'he/him',
      dateOfBirth: '1993-01-09',
      occupation: 'Graphic designer',
      companyName: 'Lagos Print Collective of Yaba, Surulere and Ikoyi Creatives',
      address: '15 Ogunlana Drive, Surulere, Lagos',
      socialLink: 'https://behance.net/femijohnson',
      emergencyContactName: 'Tayo Johnson',
      emergencyContactRelationship: 'Friend',
      emergencyContactPhone: '+234 802 555 0142',
      createdAt: subMonths(now, 2),
    },
    {
      ...common,
      email: LONG_NAMED_MEMBER,
      firstName: 'Oluwaseun',
      lastName: 'Adebayo-Williams',
      phone: '+234 803 555 0151',
      role: 'Member',
      subscriptionStatus: 'Active',
      subscriptionExpiry: addMonths(now, 11),
      pronouns: 'he/him',
      dateOfBirth: '1990-06-12',
      occupation: 'Documentary photographer and filmmaker',
      companyName: 'Adebayo-Williams Visual Storytelling Collective',
      address: '21B Admiralty Way, Lekki Phase 1, Eti-Osa, Lagos',
      socialLink: 'https://instagram.com/oluwaseun.adebayowilliams.photography',
      emergencyContactName: 'Oluwatoyin Adebayo-Williams',
      emergencyContactRelationship: 'Spouse',
      emergencyContactPhone: '+234 803 555 0152',
      createdAt: subMonths(now, 1),
    },
    {
      ...common,
      email: DEMO_STAFF,
      firstName: 'Oluwaseun',
      lastName: 'Adebayo-Okonkwo',
      phone: '+234 809 555 0161',
      role: null,
      subscriptionStatus: null,
      // Every staff tool for now; issue 47 makes the front desk 'desk' beside a manager's login.
      staffRole: 'manager',
      createdAt: subMonths(now, 3),
    },
    {
      ...common,
      email: DEMO_DOOR,
      firstName: 'Chidiebube',
      lastName: 'Okwuosa-Adeyemi',
      phone: '+234 802 555 0193',
      role: null,
      subscriptionStatus: null,
      staffRole: 'door',
      createdAt: subMonths(now, 2),
    },
  ]
}

/**
 * Fills an empty database with the demo data, in one transaction. Returns false, changing
 * nothing, when the database already has an event.
 */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL must not both seed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(1616)`)
    const existing = await tx.select({ id: events.id }).from(events).limit(1)
    if (existing.length > 0) return false

    const today = lagosDay(now)
    const communityExpiry = addMonths(now, 10)

    await tx.insert(events).values(demoEvents(now))
    await tx.insert(spaces).values(DEMO_SPACES.map((space) => ({ ...space, coworking: true })))

    const people = await tx
      .insert(accounts)
      .values(demoAccounts(now, communityExpiry))
      .returning({ id: accounts.id, email: accounts.email })
    const idOf = (email: string): string => {
      const person = people.find((row) => row.email === email)
      if (!person) throw new Error(`seed: no demo account ${email}`)
      return person.id
    }
    const ada = idOf('ada@example.com')
    const kemi = idOf('kemi@example.com')
    const tunde = idOf('tunde@example.com')

    const [community] = await tx
      .insert(communities)
      .values({
        name: DEMO_COMMUNITY_NAME,
        status: 'Active',
        membershipExpiry: communityExpiry,
        creatorEmail: 'zainab@example.com',
        numberOfMembers: 4,
        about:
          'Printmakers, designers and zine makers sharing presses, paper orders and a monthly crit.',
        goals:
          'Publish a yearly anthology of Lagos print work and run free workshops for students.',
        registered: true,
        createdAt: subMonths(now, 2),
      })
      .returning({ id: communities.id })
    if (!community) throw new Error('seed: community not created')

    // Dated by the seed's clock, not the database's: members are listed in the order they
    // joined, and an invitation made at the app's `now` comes after these.
    await tx.insert(communityMembers).values([
      {
        communityId: community.id,
        email: 'zainab@example.com',
        status: 'Active',
        createdAt: subMonths(now, 2),
      },
      {
        communityId: community.id,
        email: 'femi@example.com',
        status: 'Active',
        createdAt: subMonths(now, 2),
      },
      {
        communityId: community.id,
        email: 'bisi@example.com',
        status: 'Pending',
        createdAt: subDays(now, 7),
      },
    ])

    await tx.insert(invites).values(DEMO_INVITES.map((invite) => ({ ...invite })))

    await tx.insert(applications).values({
      kind: 'individual',
      email: 'obinna@example.com',
      status: 'Pending',
      createdAt: subDays(now, 2),
      fields: {
        'First Name': 'Obinna',
        'Last Name': 'Eze',
        Pronouns: 'he/him',
        'Date of Birth': '1990-07-17',
        Occupation: 'Software engineer',
        'Company Name': 'Freelance',
        Country: 'Nigeria',
        Nationality: 'Nigerian',
        Address: '3 Admiralty Way, Lekki Phase 1, Lagos',
        'Phone Number': '+234 806 555 0151',
        'Email Address': 'obinna@example.com',
        'Social Link': 'https://github.com/obinnaeze',
        'Emergency Contact Name': 'Amaka Eze',
        'Emergency Contact Relationship': 'Spouse',
        'Emergency Contact Phone Number': '+234 806 555 0152',
        Referrer: 'Ada Okafor',
      },
    })
    await tx.insert(applications).values({
      kind: 'community',
      email: LONG_NAMED_APPLICANT,
      status: 'Community - Pending',
      communityId: community.id,
      createdAt: subDays(now, 1),
      fields: {
        'First Name': 'Chukwuemekaoluwaseun',
        'Last Name': 'Adebayo-Nwachukwu',
        Pronouns: 'he/him',
        'Date of Birth': '1988-03-09',
        Occupation: 'Printmaker and risograph technician',
        'Company Name': 'Lagos Printmakers Cooperative',
        Country: 'Nigeria',
        Nationality: 'Nigerian',
        Address: 'Flat 12, Block C, 27 Herbert Macaulay Way, Sabo, Yaba, Lagos',
        'Phone Number': '+234 809 555 0163',
        'Email Address': LONG_NAMED_APPLICANT,
        'Social Link': 'https://instagram.com/chukwuemeka.prints',
        'Emergency Contact Name': 'Ngozichukwuka Adebayo-Nwachukwu',
        'Emergency Contact Relationship': 'Sibling',
        'Emergency Contact Phone Number': '+234 809 555 0164',
        Referrer: 'Zainab Bello',
        Status: 'Community - Pending',
      },
    })

    const [adaWallet, communityWallet] = await tx
      .insert(wallets)
      .values([
        { accountId: ada, balanceMinor: DEMO_WALLET_BALANCE_MINOR, createdAt: subDays(now, 25) },
        { communityId: community.id, balanceMinor: 5_000_000, createdAt: subMonths(now, 2) },
      ])
      .returning({ id: wallets.id })
    if (!adaWallet || !communityWallet) throw new Error('seed: wallets not created')

    const paid = (at: Date) => ({ status: 'success' as const, createdAt: at, finalizedAt: at })
    const paymentRows = await tx
      .insert(payments)
      .values([
        {
          ...paid(subMonths(now, 1)),
          reference: 'demo-membership-ada',
          accountId: ada,
          email: 'ada@example.com',
          purpose: 'membership',
          ...planPayment('individual-6m', 'NGN'),
          channel: 'card',
          provider: 'sandbox',
          payload: { plan: 'individual-6m' },
          callbackUrl: '/profile',
        },
        {
          ...paid(subDays(now, 20)),
          reference: 'demo-topup-ada',
          accountId: ada,
          email: 'ada@example.com',
          purpose: 'topup',
          plan: 'topup',
          currency: 'NGN',
          channel: 'bank_transfer',
          amountMinor: 3_000_000,
          provider: 'sandbox',
          payload: { walletId: adaWallet.id },
          callbackUrl: '/profile/wallet',
        },
        {
          ...paid(subDays(now, 2)),
          reference: 'demo-jazz-ada',
          accountId: ada,
          email: 'ada@example.com',
          purpose: 'booking',
          plan: null,
          currency: 'NGN',
          channel: 'card',
          amountMinor: 800_000,
          provider: 'sandbox',
          payload: { eventId: 'rooftop-jazz' },
          callbackUrl: '/event/rooftop-jazz/registered',
        },
        {
          ...paid(addDays(subMonths(now, 12), 12)),
          reference: 'demo-membership-kemi',
          accountId: kemi,
          email: 'kemi@example.com',
          purpose: 'membership',
          ...planPayment('individual-12m', 'USD'),
          channel: 'card',
          provider: 'sandbox',
          payload: { plan: 'individual-12m' },
          callbackUrl: '/profile',
        },
        {
          ...paid(subDays(now, 1)),
          reference: 'demo-riso-kemi',
          accountId: kemi,
          email: 'kemi@example.com',
          purpose: 'booking',
          plan: null,
          currency: 'NGN',
          channel: 'card',
          amountMinor: 1_000_000,
          provider: 'sandbox',
          payload: { eventId: 'risograph-workshop' },
          callbackUrl: '/event/risograph-workshop/registered',
        },
        {
          ...paid(subMonths(now, 2)),
          reference: 'demo-print-tunde',
          accountId: tunde,
          email: 'tunde@example.com',
          purpose: 'booking',
          plan: null,
          currency: 'NGN',
          channel: 'card',
          amountMinor: printStudioPriceKobo(),
          provider: 'sandbox',
          payload: { type: 'print-studio' },
          callbackUrl: '/booked-printstudio',
        },
        {
          ...paid(subMonths(now, 2)),
          reference: 'demo-membership-collective',
          accountId: idOf('zainab@example.com'),
          email: 'zainab@example.com',
          purpose: 'membership',
          ...planPayment('community-4', 'USD'),
          channel: 'card',
          provider: 'sandbox',
          payload: { plan: 'community-4', communityId: community.id },
          callbackUrl: '/profile',
        },
      ])
      .returning()
    // What the sandbox provider holds of the card payments it took, as Paystack would: a refund
    // staff make of one goes through to it.
    await tx.insert(sandboxTransactions).values(
      paymentRows
        .filter((row) => row.provider === 'sandbox' && row.status === 'success')
        .map((row) => ({
          reference: row.reference,
          accessCode: `demo-${row.reference}`,
          email: row.email,
          amountMinor: row.amountMinor,
          currency: row.currency,
          callbackUrl: row.callbackUrl,
          status: 'success' as const,
          createdAt: row.createdAt,
          paidAt: row.finalizedAt,
        })),
    )
    const paymentId = (reference: string): string => {
      const payment = paymentRows.find((row) => row.reference === reference)
      if (!payment) throw new Error(`seed: no demo payment ${reference}`)
      return payment.id
    }

    const adaContact = { accountId: ada, email: 'ada@example.com', name: 'Ada Okafor' }
    const adaPhone = '+234 803 555 0101'
    const coworkingDay = notMonday(addDaysToDay(today, -6))
    await tx.insert(bookings).values([
      {
        ...adaContact,
        phone: adaPhone,
        eventId: 'rooftop-jazz',
        type: 'event',
        venue: 'Rooftop Terrace',
        date: today,
        timeSlot: '4pm - 8pm',
        amountMinor: 800_000,
        paidWith: 'sandbox',
        paymentReference: 'demo-jazz-ada',
        paymentId: paymentId('demo-jazz-ada'),
        createdAt: subDays(now, 2),
      },
      {
        ...adaContact,
        phone: adaPhone,
        eventId: 'film-night',
        type: 'event',
        venue: 'Screening Room',
        date: addDaysToDay(today, -3),
        timeSlot: '7pm - 10pm',
        amountMinor: 0,
        paidWith: 'free',
        paymentReference: 'Free booking',
        createdAt: subDays(now, 8),
      },
      {
        ...adaContact,
        phone: adaPhone,
        type: 'spot',
        venue: 'The Garden Room',
        date: coworkingDay,
        amountMinor: COWORKING_DEBIT,
        paidWith: 'wallet',
        paymentReference: 'Wallet transaction',
        visitors: 2,
        namesOfVisitors: 'Tolu Adebayo, Ngozi Obi',
        createdAt: lagosTime(coworkingDay, '09:15'),
      },
      {
        accountId: kemi,
        email: 'kemi@example.com',
        name: 'Kemi Adeyemi',
        phone: '+234 807 555 0121',
        eventId: 'risograph-workshop',
        type: 'event',
        venue: 'Print Studio',
        date: openDayAfter(today, RISO_DAY),
        timeSlot: '12pm - 4pm',
        amountMinor: 1_000_000,
        paidWith: 'sandbox',
        paymentReference: 'demo-riso-kemi',
        paymentId: paymentId('demo-riso-kemi'),
        createdAt: subDays(now, 1),
      },
      {
        accountId: tunde,
        email: 'tunde@example.com',
        name: 'Tunde Bakare',
        phone: '+234 805 555 0111',
        type: 'print-studio',
        venue: 'Print Studio',
        date: notMonday(lagosDay(subMonths(now, 2))),
        timeSlot: '12pm - 4pm',
        amountMinor: printStudioPriceKobo(),
        paidWith: 'sandbox',
        paymentReference: 'demo-print-tunde',
        paymentId: paymentId('demo-print-tunde'),
        createdAt: subMonths(now, 2),
      },
    ])

    // The ledger adds up to the balances above.
    await tx.insert(walletTransactions).values([
      {
        walletId: adaWallet.id,
        difference: 3_000_000,
        action: 'credit',
        narration: 'Wallet top-up',
        note: 'Paid by bank transfer',
        actor: 'ada@example.com',
        reference: 'demo-topup-ada',
        createdAt: subDays(now, 20),
      },
      {
        walletId: adaWallet.id,
        difference: COWORKING_DEBIT,
        action: 'debit',
        narration: 'Co-working at The Garden Room',
        note: '2 extra guests: Tolu Adebayo, Ngozi Obi',
        actor: 'ada@example.com',
        createdAt: lagosTime(coworkingDay, '09:15'),
      },
      {
        walletId: communityWallet.id,
        difference: 5_000_000,
        action: 'credit',
        narration: 'Community top-up',
        note: 'Paper and ink fund',
        actor: 'zainab@example.com',
        reference: 'demo-topup-collective',
        createdAt: subMonths(now, 2),
      },
    ])

    return true
  })
}
