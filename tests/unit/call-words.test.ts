import { describe, expect, it } from 'vitest'
import { fieldWords, refusalWords } from '../../machines/calls/words'
import { failure as coworkingFailure } from '../../machines/coworking/machine'
import { ApiError } from '../../openapi/client'

describe('what a person reads of a refused call', () => {
  it("passes the server's own sentence through", () => {
    expect(
      refusalWords(new ApiError(409, 'An application for this e-mail is already waiting.')),
    ).toBe('An application for this e-mail is already waiting.')
  })

  it("says which answer to check where the request broke the contract, never the contract's words", () => {
    const broke = new ApiError(
      400,
      'booking › Phone must NOT have fewer than 5 characters.',
      undefined,
      'booking.Phone',
    )
    expect(refusalWords(broke)).toBe('Please check the phone number and try again.')
    // The booking panel says the same, in its place of the server's text.
    expect(coworkingFailure(broke)).toBe('Please check the phone number and try again.')
  })

  it.each([
    ['booking.Email', 'e-mail address'],
    ['Email Address', 'e-mail address'],
    ['application.First Name', 'first name'],
    ['application.Date of Birth', 'date of birth'],
    ['booking.Names of Visitors.2', "extra guests' names"],
    ['booking.Visitors', 'number of extra guests'],
    ['communityName', 'community name'],
    ['numberOfMembers', 'number of members'],
  ])('names %s as the form does: %s', (field, words) => {
    expect(fieldWords(field)).toBe(words)
  })
})
