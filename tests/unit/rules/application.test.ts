import { describe, expect, it } from 'vitest'
import {
  type Applicant,
  applicantDraftOf,
  applicationOf,
  birthDateError,
  canSubmitApplicant,
  communityDraftOf,
  communityPayloadOf,
  emptyApplicant,
  emptyCommunity,
  INDIVIDUAL_STEPS,
  isCommunityComplete,
  isProfileComplete,
  isValidBirthDate,
  latestBirthDate,
  missingCommunityFields,
  pronounsOf,
  receivedPath,
  SIGNUP_REQUIRED,
  signupMissing,
  stepOfField,
} from '../../../machines/rules/application'

const today = '2026-11-24'

const ada: Applicant = {
  firstName: ' Ada ',
  lastName: 'Okafor',
  pronouns: 'She/Her',
  dateOfBirth: '1990-04-12',
  occupation: 'Architect',
  companyName: '',
  nationality: 'Nigerian',
  address: '3 Alfred Rewane Road, Ikoyi',
  country: 'Nigeria',
  phone: '0803 555 0101',
  email: ' ada@example.com ',
  socialLink: 'https://instagram.com/ada',
  emergencyName: 'Obi Okafor',
  relationship: 'Spouse',
  emergencyPhone: '0803 555 0102',
  referrer: '  ',
}

describe('dates of birth', () => {
  it('is today in Lagos at the latest, whatever the clock of the machine', () => {
    // 23:30 UTC on the 24th is already the 25th in Lagos (UTC+1).
    expect(latestBirthDate(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25')
    expect(latestBirthDate(new Date('2026-11-24T22:30:00Z'))).toBe('2026-11-24')
  })

  it('accepts a real day up to today, written yyyy-MM-dd', () => {
    expect(isValidBirthDate('1990-04-12', today)).toBe(true)
    expect(isValidBirthDate(today, today)).toBe(true)
    expect(isValidBirthDate('2026-11-25', today)).toBe(false)
    expect(isValidBirthDate('1990-02-30', today)).toBe(false)
    expect(isValidBirthDate('12/04/1990', today)).toBe(false)
    expect(isValidBirthDate('', today)).toBe(false)
  })

  it('explains a refused date, and says nothing about an empty one', () => {
    expect(birthDateError('', today)).toBeNull()
    expect(birthDateError('1990-04-12', today)).toBeNull()
    expect(birthDateError('2030-01-01', today)).toBe('Date of birth cannot be after today.')
    expect(birthDateError('1990-13-01', today)).toBe('Enter the date as yyyy-MM-dd.')
  })
})

describe('the individual application', () => {
  it('asks every field once, over Profile, Address and Contact', () => {
    expect(INDIVIDUAL_STEPS.map((s) => s.title)).toEqual(['Profile', 'Address', 'Contact'])
    const asked = INDIVIDUAL_STEPS.flatMap((s) => s.fields).sort()
    expect(asked).toEqual(Object.keys(emptyApplicant()).sort())
    expect(stepOfField('firstName')).toBe('profile')
    expect(stepOfField('country')).toBe('address')
    expect(stepOfField('email')).toBe('contact')
  })

  it('leaves step 1 with first name, last name and a date of birth; company is optional', () => {
    const start = emptyApplicant()
    expect(isProfileComplete(start, today)).toBe(false)
    const named = { ...start, firstName: 'Ada', lastName: 'Okafor' }
    expect(isProfileComplete(named, today)).toBe(false)
    expect(isProfileComplete({ ...named, dateOfBirth: '2027-01-01' }, today)).toBe(false)
    expect(isProfileComplete({ ...named, dateOfBirth: '1990-04-12' }, today)).toBe(true)
    expect(
      isProfileComplete({ ...named, firstName: '   ', dateOfBirth: '1990-04-12' }, today),
    ).toBe(false)
  })

  it('is sent only with a valid e-mail', () => {
    expect(canSubmitApplicant({ ...ada, email: 'ada@example' }, today)).toBe(false)
    expect(canSubmitApplicant({ ...ada, email: '' }, today)).toBe(false)
    expect(canSubmitApplicant(ada, today)).toBe(true)
    expect(canSubmitApplicant({ ...ada, lastName: '' }, today)).toBe(false)
  })
})

describe('the application payload', () => {
  it('sends labelled fields: trimmed, empty as null, pronouns lowercased', () => {
    expect(applicationOf(ada, { community: false })).toEqual({
      'First Name': 'Ada',
      'Last Name': 'Okafor',
      Pronouns: 'she/her',
      'Date of Birth': '1990-04-12',
      Occupation: 'Architect',
      'Company Name': null,
      Country: 'Nigeria',
      Nationality: 'Nigerian',
      Address: '3 Alfred Rewane Road, Ikoyi',
      'Phone Number': '0803 555 0101',
      'Email Address': 'ada@example.com',
      'Social Link': 'https://instagram.com/ada',
      'Emergency Contact Name': 'Obi Okafor',
      'Emergency Contact Relationship': 'Spouse',
      'Emergency Contact Phone Number': '0803 555 0102',
      Referrer: null,
    })
  })

  it("adds 'Community - Pending' for community applicants only", () => {
    expect(applicationOf(ada, { community: true }).Status).toBe('Community - Pending')
    expect(applicationOf(ada, { community: false })).not.toHaveProperty('Status')
  })

  it('sends no pronouns, date of birth or relationship it does not know as null', () => {
    const payload = applicationOf(
      { ...ada, pronouns: '', dateOfBirth: '', relationship: 'Cousin' },
      { community: false },
    )
    expect(payload.Pronouns).toBeNull()
    expect(payload['Date of Birth']).toBeNull()
    expect(payload['Emergency Contact Relationship']).toBeNull()
    expect(pronounsOf('They/Them')).toBe('they/them')
    expect(pronounsOf('Xe/Xem')).toBeNull()
  })
})

describe('the community application', () => {
  const poets = {
    name: 'Lagos Poets',
    size: '6',
    about: 'Monthly readings',
    goals: 'An anthology',
    registered: 'No',
  }

  it('needs name, a size of 4, 6 or 8, the registration answer, about and aim', () => {
    expect(isCommunityComplete(emptyCommunity())).toBe(false)
    expect(isCommunityComplete(poets)).toBe(true)
    expect(isCommunityComplete({ ...poets, size: 'more' })).toBe(false)
    expect(isCommunityComplete({ ...poets, registered: '' })).toBe(false)
    expect(isCommunityComplete({ ...poets, goals: ' ' })).toBe(false)
  })

  it("names what step 1 still lacks, in the form's words", () => {
    expect(missingCommunityFields(poets)).toEqual([])
    expect(missingCommunityFields({ ...poets, size: 'more', goals: ' ' })).toEqual([
      'size',
      'what it aims to achieve',
    ])
    expect(missingCommunityFields(emptyCommunity())).toHaveLength(5)
  })

  it('sends the signed-in e-mail and no application for a member', () => {
    expect(communityPayloadOf({ ...poets, registered: 'Yes' }, null, 'zainab@example.com')).toEqual(
      {
        communityName: 'Lagos Poets',
        aboutCommunity: 'Monthly readings',
        communityGoals: 'An anthology',
        registered: true,
        numberOfMembers: 6,
        creatorEmail: 'zainab@example.com',
        application: null,
      },
    )
  })

  it("sends the applicant's e-mail and application for a visitor", () => {
    const payload = communityPayloadOf({ ...poets, size: '8' }, ada, null)
    expect(payload.creatorEmail).toBe('ada@example.com')
    expect(payload.registered).toBe(false)
    expect(payload.numberOfMembers).toBe(8)
    expect(payload.application?.Status).toBe('Community - Pending')
    expect(payload.application?.['First Name']).toBe('Ada')
  })
})

describe('member signup', () => {
  it('needs every field, the company name included, but not the e-mail', () => {
    expect(SIGNUP_REQUIRED).not.toContain('email')
    expect(SIGNUP_REQUIRED).toContain('companyName')
    const complete = { ...ada, companyName: 'Studio Eko', referrer: 'Zainab' }
    expect(signupMissing(complete, today)).toEqual([])
    expect(signupMissing({ ...complete, companyName: '' }, today)).toEqual(['companyName'])
    expect(signupMissing({ ...complete, dateOfBirth: '2030-01-01' }, today)).toEqual([
      'dateOfBirth',
    ])
    expect(signupMissing(emptyApplicant(), today)).toEqual(SIGNUP_REQUIRED)
  })
})

it('ends on the All done page with the e-mail in the address', () => {
  expect(receivedPath(' tolu+16@example.com ')).toBe(
    '/membership/application/received?email=tolu%2B16%40example.com',
  )
  // A signed-in member's community is set up, not reviewed: the page is told.
  expect(receivedPath('kemi@example.com', { communitySetUp: true })).toBe(
    '/membership/application/received?email=kemi%40example.com&community=set-up',
  )
})

describe('applicantDraftOf', () => {
  it('keeps the known fields that have text', () => {
    expect(
      applicantDraftOf({
        firstName: 'Ada',
        lastName: ' ',
        address: '12 Bourdillon Road',
        email: '',
      }),
    ).toEqual({ firstName: 'Ada', address: '12 Bourdillon Road' })
  })

  it('ignores fields it does not know and values that are not text', () => {
    expect(applicantDraftOf({ firstName: 'Ada', isAdmin: 'yes', phone: 803 })).toEqual({
      firstName: 'Ada',
    })
  })

  it('has nothing to restore from an empty draft or a broken value', () => {
    for (const stored of [null, undefined, 'Ada', 42, [], {}, { email: '  ' }]) {
      expect(applicantDraftOf(stored), JSON.stringify(stored)).toBeNull()
    }
  })
})

describe('communityDraftOf', () => {
  it('keeps the community’s answers and the person’s that have text', () => {
    expect(
      communityDraftOf({
        community: { name: 'Lagos Poets', size: '6', goals: '', members: 'all' },
        applicant: { firstName: 'Femi', lastName: '' },
      }),
    ).toEqual({ community: { name: 'Lagos Poets', size: '6' }, applicant: { firstName: 'Femi' } })
  })

  it('restores one part when the other is missing or broken', () => {
    expect(communityDraftOf({ community: { name: 'Lagos Poets' }, applicant: 'x' })).toEqual({
      community: { name: 'Lagos Poets' },
      applicant: {},
    })
  })

  it('has nothing to restore from an empty draft or a broken value', () => {
    for (const stored of [null, 'draft', 7, {}, { community: {}, applicant: { email: ' ' } }]) {
      expect(communityDraftOf(stored), JSON.stringify(stored)).toBeNull()
    }
  })
})
