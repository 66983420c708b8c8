import {
  emailProblem,
  type FieldProblem,
  nameProblem,
  PERSON_NAME_MAX,
  PHONE_LIMITS,
  phoneProblem,
} from './contact'
import { EMAIL_MAX_LENGTH } from './email'
import { andList } from './text'

// What the booking forms (the RSVP panel, co-working, the print studio and its 'Book again') may
// send of what a person types, and what keeps their Book closed. The limits are the contract's
// BookingInput (openapi/hotel.yaml), read by tests/unit/rules/booking-limits.test.ts, so a form
// refuses what the server would and says why in its own words: the server's wording ('booking ›
// Phone must NOT have fewer than 5 characters.') never reaches a person.

/** A guest's details as the booking forms ask for them. */
export type DetailField = 'email' | 'name' | 'phone'

export type BookingDetails = Record<DetailField, string>

/** The most characters of each typed property of the contract's BookingInput. */
export const BOOKING_LIMITS = {
  Email: EMAIL_MAX_LENGTH,
  Name: PERSON_NAME_MAX,
  Phone: PHONE_LIMITS.max,
  /** The answers to an event's extra questions, as one JSON object. */
  metadata: 4000,
  /** The extra guests' names, comma-joined. */
  'Names of Visitors': 2000,
} as const

/** Why each detail cannot be sent as it is, by field; an empty field has none. */
function detailProblems(details: BookingDetails): Partial<Record<DetailField, FieldProblem>> {
  const problems: Partial<Record<DetailField, FieldProblem>> = {}
  const found = {
    email: emailProblem(details.email),
    name: nameProblem(details.name),
    phone: phoneProblem(details.phone),
  }
  for (const field of ['email', 'name', 'phone'] as const) {
    const problem = found[field]
    if (problem) problems[field] = problem
  }
  return problems
}

// The spec checks the e-mail on each change, so only the phone waits: '0803' is on its way to a
// number while the person is still typing it.
const WAITS_FOR_LEAVE: readonly DetailField[] = ['phone']

/**
 * What to say beside each detail the server would refuse, as the person types; a phone that
 * typing on may still mend only once the person has left it (`left`). An empty field says nothing.
 */
export function detailErrors(
  details: BookingDetails,
  left: readonly DetailField[],
): Partial<Record<DetailField, string>> {
  const errors: Partial<Record<DetailField, string>> = {}
  for (const [field, problem] of Object.entries(detailProblems(details)) as [
    DetailField,
    FieldProblem,
  ][]) {
    const waits = problem.onLeave && WAITS_FOR_LEAVE.includes(field) && !left.includes(field)
    if (!waits) errors[field] = problem.message
  }
  return errors
}

/**
 * What keeps a booking form from going: a choice still to make (day, space, time), a detail
 * still to add (an e-mail counts until it is an address), or one to put right.
 */
export type BookingBlocker =
  | 'day'
  | 'space'
  | 'time'
  | DetailField
  | 'fixName'
  | 'fixPhone'
  | 'fixGuests'
  | 'fixAnswers'

/**
 * The details in the way: each empty one (the e-mail also while it is no address), or one the
 * server would refuse, in `order` (the order the form's sentence names them).
 */
export function detailBlockers(
  details: BookingDetails,
  order: readonly DetailField[] = ['email', 'name', 'phone'],
): BookingBlocker[] {
  const problems = detailProblems(details)
  return order.flatMap((field): BookingBlocker[] => {
    if (details[field].trim() === '') return [field]
    if (!problems[field]) return []
    return [field === 'email' ? 'email' : field === 'name' ? 'fixName' : 'fixPhone']
  })
}

type Verb = 'choose' | 'add' | 'correct' | 'shorten'

const WORDS: Record<BookingBlocker, { verb: Verb; words: string }> = {
  day: { verb: 'choose', words: 'a day' },
  space: { verb: 'choose', words: 'a space' },
  time: { verb: 'choose', words: 'a time' },
  email: { verb: 'add', words: 'a valid email address' },
  name: { verb: 'add', words: 'your name' },
  phone: { verb: 'add', words: 'your phone number' },
  fixName: { verb: 'correct', words: 'your name' },
  fixPhone: { verb: 'correct', words: 'your phone number' },
  fixGuests: { verb: 'correct', words: "your guests' names" },
  fixAnswers: { verb: 'shorten', words: 'your answers' },
}

/** How a form words its sentence: a lead-in ('To continue, ') and its verb for adding details. */
export interface BlockerWording {
  lead?: string
  add?: string
}

/**
 * Why a booking form's Book is disabled, in one sentence: 'Choose a day and a space, then add
 * your name, then correct your phone number.'; null when nothing is in the way.
 */
export function blockerSentence(
  blockers: readonly BookingBlocker[],
  wording: BlockerWording = {},
): string | null {
  const verbs: Verb[] = ['choose', 'add', 'correct', 'shorten']
  const clauses = verbs.flatMap((verb) => {
    const words = blockers.filter((b) => WORDS[b].verb === verb).map((b) => WORDS[b].words)
    if (words.length === 0) return []
    return [`${verb === 'add' ? (wording.add ?? verb) : verb} ${andList(words)}`]
  })
  if (clauses.length === 0) return null
  const text = clauses.join(', then ')
  return wording.lead
    ? `${wording.lead}${text}.`
    : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}
