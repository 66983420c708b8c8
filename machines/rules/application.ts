import { isValidDay, lagosDay } from './dates'
import { isValidEmail } from './email'

// The membership applications (individual, community, member signup): what a person types,
// which steps they may leave, and the payloads the server is sent (spec, sections 3 and 5).

/** What an applicant types, every field as text ('' when empty). */
export interface Applicant {
  firstName: string
  lastName: string
  /** One of PRONOUNS, or ''. */
  pronouns: string
  /** 'yyyy-MM-dd' (the date input's value), or ''. */
  dateOfBirth: string
  occupation: string
  companyName: string
  nationality: string
  address: string
  country: string
  phone: string
  email: string
  socialLink: string
  emergencyName: string
  /** One of RELATIONSHIPS, or ''. */
  relationship: string
  emergencyPhone: string
  referrer: string
}

export type ApplicantField = keyof Applicant

export const PRONOUNS = ['He/Him', 'She/Her', 'They/Them'] as const
export const RELATIONSHIPS = [
  'Sibling',
  'Spouse',
  'Father',
  'Mother',
  'Friend',
  'Child',
  'Other',
] as const

/** The community sizes the programme has, and the choice that goes to support instead. */
export const COMMUNITY_SIZES = ['4', '6', '8'] as const
export const LARGER_COMMUNITY = 'more'
export const COMMUNITY_SIZE_OPTIONS = [
  { value: '4', label: '4 people' },
  { value: '6', label: '6 people' },
  { value: '8', label: '8 people' },
  { value: LARGER_COMMUNITY, label: 'More than 8' },
] as const

/** The applicant status the server is sent for community applicants and invited members. */
export const COMMUNITY_PENDING = 'Community - Pending'

/** The message that asks the person to log in first (compared as the server sends it). */
export const ACCOUNT_EXISTS_MESSAGE = 'Account already exists. Pass auth token.'
export const ACCOUNT_EXISTS_BANNER =
  'Account already exists. Log in before applying for community membership.'

export const BIRTH_DATE_MESSAGE = 'Date of birth cannot be after today.'

/** Every field empty. */
export function emptyApplicant(): Applicant {
  return {
    firstName: '',
    lastName: '',
    pronouns: '',
    dateOfBirth: '',
    occupation: '',
    companyName: '',
    nationality: '',
    address: '',
    country: '',
    phone: '',
    email: '',
    socialLink: '',
    emergencyName: '',
    relationship: '',
    emergencyPhone: '',
    referrer: '',
  }
}

export const APPLICANT_FIELDS = Object.keys(emptyApplicant()) as ApplicantField[]

export function isApplicantField(field: string): field is ApplicantField {
  return (APPLICANT_FIELDS as string[]).includes(field)
}

/** The fields of `stored` that `isField` knows, with text in them (nothing else is trusted). */
function knownTexts<F extends string>(
  stored: unknown,
  isField: (field: string) => field is F,
): Partial<Record<F, string>> {
  const texts: Partial<Record<F, string>> = {}
  if (typeof stored !== 'object' || stored === null) return texts
  for (const [field, value] of Object.entries(stored)) {
    if (isField(field) && typeof value === 'string' && value.trim() !== '') texts[field] = value
  }
  return texts
}

const hasAny = (texts: object) => Object.keys(texts).length > 0

/**
 * The answers of an application draft kept in the browser (any stored value): the applicant's
 * known fields with text in them, or null when nothing worth restoring is there. Whatever else
 * is stored (an older shape, a broken value) is ignored.
 */
export function applicantDraftOf(stored: unknown): Partial<Applicant> | null {
  const applicant = knownTexts(stored, isApplicantField)
  return hasAny(applicant) ? applicant : null
}

/** What a community application keeps as its draft: the community's answers and the person's. */
export interface CommunityDraft {
  community: Partial<CommunityDetails>
  applicant: Partial<Applicant>
}

/** A community application's draft kept in the browser, as `applicantDraftOf` reads one. */
export function communityDraftOf(stored: unknown): CommunityDraft | null {
  const parts = typeof stored === 'object' && stored !== null ? stored : {}
  const draft = {
    community: knownTexts('community' in parts ? parts.community : null, isCommunityField),
    applicant: knownTexts('applicant' in parts ? parts.applicant : null, isApplicantField),
  }
  return hasAny(draft.community) || hasAny(draft.applicant) ? draft : null
}

/** The latest date of birth a person may give: today in Lagos ('yyyy-MM-dd'). */
export function latestBirthDate(now: Date): string {
  return lagosDay(now)
}

/** A real day written 'yyyy-MM-dd', not after `today`. */
export function isValidBirthDate(value: string, today: string): boolean {
  return isValidDay(value) && value <= today
}

/** The message under a date of birth ('' when it is fine or still empty). */
export function birthDateError(value: string, today: string): string | null {
  if (value === '' || isValidBirthDate(value, today)) return null
  return isValidDay(value) ? BIRTH_DATE_MESSAGE : 'Enter the date as yyyy-MM-dd.'
}

const filled = (value: string) => value.trim() !== ''

// ---------------------------------------------------------------------------------------------
// The individual application: three steps.

export type IndividualStep = 'profile' | 'address' | 'contact'

export const INDIVIDUAL_STEPS: { id: IndividualStep; title: string; fields: ApplicantField[] }[] = [
  {
    id: 'profile',
    title: 'Profile',
    fields: [
      'firstName',
      'lastName',
      'pronouns',
      'dateOfBirth',
      'occupation',
      'companyName',
      'nationality',
    ],
  },
  { id: 'address', title: 'Address', fields: ['address', 'country'] },
  {
    id: 'contact',
    title: 'Contact',
    fields: [
      'phone',
      'email',
      'socialLink',
      'emergencyName',
      'relationship',
      'emergencyPhone',
      'referrer',
    ],
  },
]

/** The step of the individual application a field is asked on. */
export function stepOfField(field: ApplicantField): IndividualStep {
  return INDIVIDUAL_STEPS.find((step) => step.fields.includes(field))?.id ?? 'contact'
}

/** Step 1 may be left once first name, last name and a date of birth (not after today) are in. */
export function isProfileComplete(applicant: Applicant, today: string): boolean {
  return (
    filled(applicant.firstName) &&
    filled(applicant.lastName) &&
    isValidBirthDate(applicant.dateOfBirth, today)
  )
}

/** The individual application (and a signed-out community applicant) can be sent. */
export function canSubmitApplicant(applicant: Applicant, today: string): boolean {
  return isProfileComplete(applicant, today) && isValidEmail(applicant.email.trim())
}

// ---------------------------------------------------------------------------------------------
// Member signup: every field but the e-mail, which comes with the invite.

/**
 * The fields member signup needs filled (spec, section 5), in the form's order: the individual
 * application's, but the e-mail (it comes with the invite).
 */
export const SIGNUP_REQUIRED: ApplicantField[] = INDIVIDUAL_STEPS.flatMap(
  (step) => step.fields,
).filter((field) => field !== 'email')

/** What member signup still needs (empty when it can be sent). */
export function signupMissing(applicant: Applicant, today: string): ApplicantField[] {
  return SIGNUP_REQUIRED.filter((field) =>
    field === 'dateOfBirth'
      ? !isValidBirthDate(applicant.dateOfBirth, today)
      : !filled(applicant[field]),
  )
}

// ---------------------------------------------------------------------------------------------
// The community application.

export interface CommunityDetails {
  name: string
  /** '4', '6', '8', 'more' or ''. */
  size: string
  about: string
  goals: string
  /** 'Yes', 'No' or ''. */
  registered: string
}

export type CommunityField = keyof CommunityDetails

export function emptyCommunity(): CommunityDetails {
  return { name: '', size: '', about: '', goals: '', registered: '' }
}

export function isCommunityField(field: string): field is CommunityField {
  return ['name', 'size', 'about', 'goals', 'registered'].includes(field)
}

/** A size the programme has (over 8 goes to support). */
export function isCommunitySize(size: string): boolean {
  return (COMMUNITY_SIZES as readonly string[]).includes(size)
}

/** Step 1 is done: name, a size of 4, 6 or 8, the registration answer, about and aim. */
export function isCommunityComplete(community: CommunityDetails): boolean {
  return (
    filled(community.name) &&
    isCommunitySize(community.size) &&
    (community.registered === 'Yes' || community.registered === 'No') &&
    filled(community.about) &&
    filled(community.goals)
  )
}

/** The community answers as a sentence names them. */
export const COMMUNITY_LABELS: Record<CommunityField, string> = {
  name: 'community name',
  size: 'size',
  about: 'what the community does',
  goals: 'what it aims to achieve',
  registered: 'whether it is registered',
}

/** What step 1 still lacks, in the form's words (none once `isCommunityComplete`). */
export function missingCommunityFields(community: CommunityDetails): string[] {
  return (Object.keys(COMMUNITY_LABELS) as CommunityField[])
    .filter((field) =>
      field === 'size' ? !isCommunitySize(community.size) : community[field].trim() === '',
    )
    .map((field) => COMMUNITY_LABELS[field])
}

// ---------------------------------------------------------------------------------------------
// Payloads, shaped as the contract takes them (openapi/hotel.yaml: Application, CommunityCreate).

type Pronouns = 'he/him' | 'she/her' | 'they/them'
type Relationship = (typeof RELATIONSHIPS)[number]

export interface ApplicationPayload {
  'First Name': string
  'Last Name': string
  Pronouns: Pronouns | null
  'Date of Birth': string | null
  Occupation: string | null
  'Company Name': string | null
  Country: string | null
  Nationality: string | null
  Address: string | null
  'Phone Number': string | null
  'Email Address': string
  'Social Link': string | null
  'Emergency Contact Name': string | null
  'Emergency Contact Relationship': Relationship | null
  'Emergency Contact Phone Number': string | null
  Referrer: string | null
  Status?: typeof COMMUNITY_PENDING
}

const textOrNull = (value: string) => (filled(value) ? value.trim() : null)

/** Pronouns as the server takes them: lowercased, or null when none was chosen. */
export function pronounsOf(value: string): Pronouns | null {
  const lower = value.trim().toLowerCase()
  return lower === 'he/him' || lower === 'she/her' || lower === 'they/them' ? lower : null
}

function relationshipOf(value: string): Relationship | null {
  return (RELATIONSHIPS as readonly string[]).includes(value) ? (value as Relationship) : null
}

/**
 * The application as labelled fields: text trimmed, empty text null, pronouns lowercased, the
 * date of birth 'yyyy-MM-dd' or null; community applicants also carry 'Community - Pending'.
 */
export function applicationOf(
  applicant: Applicant,
  options: { community: boolean },
): ApplicationPayload {
  const payload: ApplicationPayload = {
    'First Name': applicant.firstName.trim(),
    'Last Name': applicant.lastName.trim(),
    Pronouns: pronounsOf(applicant.pronouns),
    'Date of Birth': isValidDay(applicant.dateOfBirth) ? applicant.dateOfBirth : null,
    Occupation: textOrNull(applicant.occupation),
    'Company Name': textOrNull(applicant.companyName),
    Country: textOrNull(applicant.country),
    Nationality: textOrNull(applicant.nationality),
    Address: textOrNull(applicant.address),
    'Phone Number': textOrNull(applicant.phone),
    'Email Address': applicant.email.trim(),
    'Social Link': textOrNull(applicant.socialLink),
    'Emergency Contact Name': textOrNull(applicant.emergencyName),
    'Emergency Contact Relationship': relationshipOf(applicant.relationship),
    'Emergency Contact Phone Number': textOrNull(applicant.emergencyPhone),
    Referrer: textOrNull(applicant.referrer),
  }
  return options.community ? { ...payload, Status: COMMUNITY_PENDING } : payload
}

export interface CommunityCreatePayload {
  communityName: string
  aboutCommunity: string
  communityGoals: string
  registered: boolean
  numberOfMembers: 4 | 6 | 8
  creatorEmail: string
  application: ApplicationPayload | null
}

/**
 * The community create payload: a signed-in creator sends their stored e-mail and no
 * application; a new applicant sends their own e-mail and the application.
 */
export function communityPayloadOf(
  community: CommunityDetails,
  applicant: Applicant | null,
  signedInEmail: string | null,
): CommunityCreatePayload {
  const size = Number(community.size)
  return {
    communityName: community.name.trim(),
    aboutCommunity: community.about.trim(),
    communityGoals: community.goals.trim(),
    registered: community.registered === 'Yes',
    numberOfMembers: size === 6 ? 6 : size === 8 ? 8 : 4,
    creatorEmail: applicant ? applicant.email.trim() : (signedInEmail ?? ''),
    application: applicant ? applicationOf(applicant, { community: true }) : null,
  }
}

/** The query value of the 'All done' page for a community a signed-in member set up. */
export const COMMUNITY_SET_UP = 'set-up'

/**
 * Where every application ends: the 'All done' page, with the e-mail to check. A signed-in
 * member's community application is no application to review: the community is set up and waits
 * for its payment (`communitySetUp`), and the page says so.
 */
export function receivedPath(email: string, { communitySetUp = false } = {}): string {
  const path = `/membership/application/received?email=${encodeURIComponent(email.trim())}`
  return communitySetUp ? `${path}&community=${COMMUNITY_SET_UP}` : path
}
