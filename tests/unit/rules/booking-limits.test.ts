import { describe, expect, it } from 'vitest'
import {
  BOOKING_LIMITS,
  blockerSentence,
  detailBlockers,
  detailErrors,
} from '../../../machines/rules/booking-fields'
import { nameProblem, PERSON_NAME_MAX, PHONE_LIMITS } from '../../../machines/rules/contact'
import { EMAIL_PATTERN } from '../../../machines/rules/email'
import { propertyOf } from './contract-schemas'

// The booking forms' limits are the contract's BookingInput (openapi/hotel.yaml): this fails when
// a limit in machines/rules/booking-fields.ts differs from the body the server validates.

describe('the booking limits agree with the contract', () => {
  it.each(Object.entries(BOOKING_LIMITS))('%s', (property, max) => {
    const schema = propertyOf('BookingInput', property)
    expect(schema, `BookingInput has no '${property}'`).toBeDefined()
    expect(max).toBe(schema?.maxLength)
  })

  it("takes a name, a phone and an e-mail as the contract's PersonName, Phone and EmailAddress", () => {
    expect(PERSON_NAME_MAX).toBe(propertyOf('BookingInput', 'Name')?.maxLength)
    expect(PHONE_LIMITS.minDigits).toBe(propertyOf('BookingInput', 'Phone')?.minLength)
    expect(PHONE_LIMITS.pattern.source).toBe(propertyOf('BookingInput', 'Phone')?.pattern)
    expect(EMAIL_PATTERN.source).toBe(propertyOf('BookingInput', 'Email')?.pattern)
  })
})

describe("what a booking form's details say", () => {
  const bola = { email: 'bola@example.com', name: 'Bola Ade', phone: '0803 555 0142' }

  it('says nothing of details that can be sent, or of empty ones', () => {
    expect(detailErrors(bola, ['phone'])).toEqual({})
    expect(detailErrors({ email: '', name: '', phone: '' }, ['phone'])).toEqual({})
  })

  it("says each edge in the person's words: '0803', a 5,000-character name, no dot-ending", () => {
    expect(
      detailErrors(
        {
          email: 'oluwaseun.adebayowilliams@gmail',
          name: 'A'.repeat(5000),
          phone: '0803',
        },
        ['phone'],
      ),
    ).toEqual({
      email: 'Please enter a valid email address.',
      name: 'Use at most 120 characters; this has 5,000.',
      phone: 'Enter a phone number with at least 5 digits.',
    })
    expect(nameProblem(`  ${'A'.repeat(120)}  `)).toBeNull()
  })

  it('says a phone too short only once it is left; the e-mail and the pattern as typed', () => {
    const typing = { email: 'bola@', name: 'Bola Ade', phone: '0803' }
    expect(detailErrors(typing, [])).toEqual({ email: 'Please enter a valid email address.' })
    expect(detailErrors(typing, ['email'])).toEqual({
      email: 'Please enter a valid email address.',
    })
    expect(detailErrors(typing, ['phone'])).toEqual({
      email: 'Please enter a valid email address.',
      phone: 'Enter a phone number with at least 5 digits.',
    })
    // A letter or a number too long will not mend by typing on: said at once.
    expect(detailErrors({ ...bola, phone: '0803x' }, [])).toEqual({
      phone: 'Use only digits, spaces, +, ( ) and - in a phone number.',
    })
    // Book stays closed while the message waits.
    expect(detailBlockers(typing)).toEqual(['email', 'fixPhone'])
  })

  it('keeps Book closed for an empty detail, or one the server would refuse', () => {
    expect(detailBlockers(bola)).toEqual([])
    expect(detailBlockers({ email: 'bola@', name: '', phone: '0803' })).toEqual([
      'email',
      'name',
      'fixPhone',
    ])
    expect(
      detailBlockers({ ...bola, name: 'A'.repeat(121), phone: '' }, ['name', 'email', 'phone']),
    ).toEqual(['fixName', 'phone'])
  })

  it('says what keeps Book closed in one sentence, in the flow’s own wording', () => {
    expect(blockerSentence([])).toBeNull()
    expect(blockerSentence(['fixPhone'])).toBe('Correct your phone number.')
    expect(blockerSentence(['space', 'fixName'])).toBe('Choose a space, then correct your name.')
    expect(blockerSentence(['name', 'fixAnswers'], { lead: 'To continue, ', add: 'enter' })).toBe(
      'To continue, enter your name, then shorten your answers.',
    )
  })
})
