/** The basic e-mail shape: text, @, text, dot, text, with no whitespace anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The message shown under an e-mail field that does not match. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.'

/** Whether text looks like an e-mail address (the product's only e-mail check). */
export function isValidEmail(s: string): boolean {
  return EMAIL_PATTERN.test(s)
}
