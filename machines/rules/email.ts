/**
 * A 'valid e-mail address' as the HTML standard defines it for `<input type=email>` (WHATWG), with
 * the spec's dot in the domain (text, @, text, dot, text): letters, digits and
 * .!#$%&'*+/=?^_`{|}~- before the @; after it, labels of letters, digits and inner hyphens. No
 * quotes, spaces, commas, brackets or comments, so `"x"<victim@evil.example>` and
 * `a@b.com,c@d.com` are no one's address. The contract's EmailAddress has this pattern.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** The message shown under an e-mail field that does not match. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.'

/** Whether text looks like an e-mail address (the product's only e-mail check). */
export function isValidEmail(s: string): boolean {
  return EMAIL_PATTERN.test(s)
}

/** The most characters of an e-mail address (the contract's EmailAddress, and RFC 5321). */
export const EMAIL_MAX_LENGTH = 254

/**
 * What to say under an e-mail field, its text trimmed: null when it is empty or an address,
 * else why it cannot be sent.
 */
export function emailError(value: string): string | null {
  const text = value.trim()
  if (text === '') return null
  if (text.length > EMAIL_MAX_LENGTH) {
    return `Use at most ${EMAIL_MAX_LENGTH} characters; this has ${text.length.toLocaleString('en-GB')}.`
  }
  return isValidEmail(text) ? null : INVALID_EMAIL_MESSAGE
}
