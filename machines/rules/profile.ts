import { dateAndClock, dayStart, isValidDay, shortDate } from './dates'
import { isActiveStatus } from './membership'
import { formatDollars, formatNaira } from './money'
import { periodLabel } from './public-membership'

/** The first element of a list-valued profile field ('First Name', 'Phone Number'...), or ''. */
export function firstOf(value: readonly string[] | null | undefined): string {
  return value?.[0]?.trim() ?? ''
}

/** Up to two capital letters for an avatar: 'Ada Okafor' → 'AO', 'Zainab' → 'Z', '' → '?'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const letters = words.length === 1 ? [words[0]] : [words[0], words[words.length - 1]]
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('')
}

/** The line under the name on the member menu: the role when the membership is active, else 'Inactive'. */
export function roleLine(
  role: string | null | undefined,
  status: string | null | undefined,
): string {
  if (!isActiveStatus(status)) return 'Inactive'
  return role?.trim() || 'Member'
}

/** The kind of status dot: a community member's, an individual member's, or an inactive one. */
export type StatusDot = 'community' | 'member' | 'inactive'

/** Role value 'Community Member' shows a community status dot (spec, section 6). */
export function statusDot(
  role: string | null | undefined,
  status: string | null | undefined,
): StatusDot {
  if (!isActiveStatus(status)) return 'inactive'
  return role?.trim() === 'Community Member' ? 'community' : 'member'
}

/** What the membership rule reads of an account: its own status and expiry, as the profile sends them. */
export interface OwnMembership {
  subscriptionStatus?: string | null
  subscriptionExpiry?: string | null
}

/** What it reads of the person's community (the first of GET /communities). */
export interface CommunityMembership {
  Status: string
  'Membership Expiry'?: string | null
}

/** The membership that counts: its status, and until when (null when unknown). */
export interface Membership {
  status: string | null
  expiry: string | null
}

/** An expiry as an instant ('yyyy-MM-dd' is Lagos midnight); null when none or unreadable. */
function instantOf(value: string | null | undefined): Date | null {
  if (!value) return null
  const instant = isValidDay(value) ? dayStart(value) : new Date(value)
  return Number.isNaN(instant.getTime()) ? null : instant
}

/** The later of two expiries (an unreadable one loses). */
function laterOf(a: string | null, b: string | null): string | null {
  const [x, y] = [instantOf(a), instantOf(b)]
  if (!x) return b
  if (!y) return a
  return x.getTime() >= y.getTime() ? a : b
}

/**
 * Whether the account's own Active status came from this community: a paid community makes its
 * people active until its expiry (a later expiry of their own is kept), so an account whose
 * expiry does not run past the community's owes its membership to it. A community never paid
 * (no Membership Expiry: an application, 'Community - Pending') gave nothing; an Active account
 * with no expiry is open-ended, its own.
 */
function givenBy(ownExpiry: string | null, community: CommunityMembership): boolean {
  const theirs = instantOf(community['Membership Expiry'])
  if (!theirs) return false
  const own = instantOf(ownExpiry)
  return own !== null && own.getTime() <= theirs.getTime()
}

/**
 * The membership that counts (spec section 4: "Community status takes precedence over the
 * account status when a community exists"), with the one exception that a community never takes
 * away what it did not give:
 * - no community: the account's own status and expiry;
 * - an Active community: Active, through the community, until the later of its expiry and the
 *   account's own (when that is Active too);
 * - a community that is not Active ('Community - Pending' before its first payment, or lapsed):
 *   an account that is Active on its own stays Active with its own expiry (applying for a
 *   community never lowers anyone); otherwise the community's status and expiry count.
 */
export function membershipOf(
  account: OwnMembership | null | undefined,
  community: CommunityMembership | null | undefined,
): Membership {
  const own: Membership = {
    status: account?.subscriptionStatus ?? null,
    expiry: account?.subscriptionExpiry ?? null,
  }
  if (!community) return own
  const theirs: Membership = {
    status: community.Status,
    expiry: community['Membership Expiry'] ?? null,
  }
  const ownActive = isActiveStatus(own.status)
  if (isActiveStatus(theirs.status)) {
    return {
      status: theirs.status,
      expiry: ownActive ? laterOf(own.expiry, theirs.expiry) : theirs.expiry,
    }
  }
  if (ownActive && !givenBy(own.expiry, community)) return own
  return theirs
}

/** The membership status that counts (see `membershipOf`). */
export function membershipStatus(
  account: OwnMembership | null | undefined,
  community: CommunityMembership | null | undefined,
): string | null {
  return membershipOf(account, community).status
}

/** Whether this e-mail created the community (case and spaces aside). */
export function isCreator(
  community: { Creator: string } | null | undefined,
  email: string | null | undefined,
): boolean {
  if (!community || !email) return false
  return community.Creator.trim().toLowerCase() === email.trim().toLowerCase()
}

/** The Community link shows only for the creator of an active community. */
export function showsCommunityLink(
  community: { Creator: string; Status: string } | null | undefined,
  email: string | null | undefined,
): boolean {
  return isCreator(community, email) && isActiveStatus(community?.Status)
}

/** A date as people read it on the profile, in Lagos: 'Apr 30, 2027'; '—' when unknown. */
export function profileDate(value: string | null | undefined): string {
  if (!value) return '—'
  const instant = isValidDay(value) ? dayStart(value) : new Date(value)
  return Number.isNaN(instant.getTime()) ? '—' : shortDate(instant)
}

/**
 * The profile's second date: when an active membership expires, when a lapsed one expired, and
 * for a member who has never paid (approved, no expiry yet) no date but 'Not active yet'.
 */
export function expiryFact({ status, expiry }: Membership): { term: string; value: string } {
  if (isActiveStatus(status)) return { term: 'Expires', value: profileDate(expiry) }
  if (instantOf(expiry) === null) return { term: 'Membership', value: 'Not active yet' }
  return { term: 'Expired', value: profileDate(expiry) }
}

/** A payment's moment as the payments list shows it, in Lagos: 'Nov 12, 2026, 2:05pm'. */
export function paymentMoment(value: string): string {
  const instant = new Date(value)
  return Number.isNaN(instant.getTime()) ? '—' : dateAndClock(instant)
}

/** A plan id or label as a person reads it: 'individual-6m' → 'Individual · 6 months'. */
export function planLabel(plan: string | null | undefined): string {
  if (!plan) return '—'
  if (plan === 'topup') return 'Wallet top-up'
  const individual = /^individual-(\d+)m$/.exec(plan)
  if (individual) {
    const months = Number(individual[1])
    return `Individual · ${months === 12 ? '1 year' : `${months} months`}`
  }
  const community = /^community-(\d+)$/.exec(plan)
  if (community) return `Community · ${community[1]} members`
  return plan
}

/** The provider's channels (Paystack's), as people read them. */
const CHANNELS: Record<string, string> = {
  card: 'Card',
  bank: 'Bank account',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  qr: 'QR code',
  mobile_money: 'Mobile money',
  apple_pay: 'Apple Pay',
  eft: 'EFT',
}

/**
 * How a payment through the card checkout was paid, as the payer and staff both read it: the
 * provider's channel ('bank_transfer' → 'Bank transfer'); 'Card' until it says (a payment not
 * finished, or one it never named), since the checkout is the card provider's.
 */
export function paidByLabel(channel: string | null | undefined): string {
  const text = channel?.trim().toLowerCase()
  if (!text) return 'Card'
  const known = CHANNELS[text]
  if (known) return known
  const words = text.replace(/[_\s-]+/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A plan's two prices: '$150 / ₦250,000'. */
export function planPrices(plan: { amountDollar: number; amountNaira: number }): string {
  return `${formatDollars(plan.amountDollar)} / ${formatNaira(plan.amountNaira)}`
}

/**
 * A plan's period as a sentence part, said as on /membership: '1 year' → 'for 1 year',
 * '24 months' → 'for 2 years'.
 */
export function periodText(period: string): string {
  const text = period.trim()
  return text ? `for ${periodLabel(text)}` : 'for 6 months'
}

/** What the profile edit form sends: trimmed names and phone, only those that changed. */
export interface ProfileDraft {
  firstName: string
  lastName: string
  phone: string
}

/** Phone numbers as the contract takes them: digits, spaces, +, ( ) and -, 5 to 32 characters. */
const PHONE = /^[0-9+()\- ]{5,32}$/

/** Why a draft cannot be saved, field by field; empty when it can. */
export function draftProblems(draft: ProfileDraft): Partial<Record<keyof ProfileDraft, string>> {
  const problems: Partial<Record<keyof ProfileDraft, string>> = {}
  if (!draft.firstName.trim()) problems.firstName = 'Enter your first name.'
  else if (draft.firstName.trim().length > 120) problems.firstName = 'Use at most 120 characters.'
  if (!draft.lastName.trim()) problems.lastName = 'Enter your last name.'
  else if (draft.lastName.trim().length > 120) problems.lastName = 'Use at most 120 characters.'
  if (!PHONE.test(draft.phone.trim()))
    problems.phone = 'Enter a phone number: digits, spaces, +, ( ) and - only.'
  return problems
}

/** The fields of a draft that differ from what was loaded, as the update call names them. */
export function draftChanges(
  draft: ProfileDraft,
  saved: ProfileDraft,
): { 'First Name'?: string; 'Last Name'?: string; 'Phone Number'?: string } {
  const changes: { 'First Name'?: string; 'Last Name'?: string; 'Phone Number'?: string } = {}
  if (draft.firstName.trim() !== saved.firstName.trim())
    changes['First Name'] = draft.firstName.trim()
  if (draft.lastName.trim() !== saved.lastName.trim()) changes['Last Name'] = draft.lastName.trim()
  if (draft.phone.trim() !== saved.phone.trim()) changes['Phone Number'] = draft.phone.trim()
  return changes
}

/** Picture files the server takes, and its size limit (5 MB). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024

/** Why a chosen picture file cannot be sent, before sending it; null when it can. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a JPEG, PNG or WebP picture.'
  if (file.size > PICTURE_MAX_BYTES) return 'Choose a picture of 5 MB or less.'
  if (file.size === 0) return 'This file is empty. Choose another picture.'
  return null
}
