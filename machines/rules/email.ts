/** The basic e-mail shape: text, @, text, dot, text, with no whitespace anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

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
