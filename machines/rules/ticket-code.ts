// A ticket's code, as people read, type and say it at the door (docs/decisions/041): 16 characters
// of Crockford's base32 (digits and capitals without I, L, O and U, so nothing reads as another
// character), 80 random bits, printed in four groups of four: 'K7QM-93XD-2HFR-8NWB'. Tickets made
// before it have 32 hexadecimal digits and keep admitting. One rule reads both, for the server
// that matches a code and the door that checks what was typed.

/** Crockford's base32 alphabet: a character's value is its index. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Characters of a ticket code (5 bits each: 80 bits in all). */
export const TICKET_CODE_LENGTH = 16

/** Random bytes a code is made of. */
export const TICKET_CODE_BYTES = (TICKET_CODE_LENGTH * 5) / 8

/** Characters of a group as printed. */
const GROUP = 4

/** A code of the first tickets: 32 hexadecimal digits, in any case. */
const LEGACY = /^[0-9a-f]{32}$/i

const CODE = new RegExp(`^[${ALPHABET}]{${TICKET_CODE_LENGTH}}$`)

/** What people put between groups: spaces, hyphens, dots, underscores. */
const bare = (text: string) => text.replace(/[\s.\-_]/g, '')

/**
 * A new ticket's code from `TICKET_CODE_BYTES` random bytes (the caller's crypto), as stored: 16
 * characters, no separators.
 */
export function ticketCodeOf(bytes: Uint8Array): string {
  if (bytes.length !== TICKET_CODE_BYTES) {
    throw new Error(`A ticket code takes ${TICKET_CODE_BYTES} random bytes, not ${bytes.length}.`)
  }
  let code = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      code += ALPHABET[(value >> bits) & 31]
    }
  }
  return code
}

/**
 * The code as stored, from what was scanned or typed; null when it is no ticket code's shape.
 * Spaces, hyphens and dots between groups are left out and case does not count; as Crockford
 * reads them, O is 0 and I and L are 1. A code of the first tickets reads as its lower-case hex.
 */
export function ticketCodeKey(text: string): string | null {
  const chars = bare(text)
  if (LEGACY.test(chars)) return chars.toLowerCase()
  const read = chars.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1')
  return CODE.test(read) ? read : null
}

/** A code as printed under its QR code and in e-mails: groups of four, 'K7QM-93XD-2HFR-8NWB'. */
export function formatTicketCode(code: string): string {
  const key = ticketCodeKey(code) ?? code
  return (key.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [key]).join('-')
}

/**
 * Why a typed code cannot be a ticket's, for the door's field; null when it can be (the server
 * still has to know it).
 */
export function ticketCodeProblem(text: string): string | null {
  if (ticketCodeKey(text) !== null) return null
  const count = bare(text).length
  if (count === TICKET_CODE_LENGTH || count === 32) {
    return 'This code has a character no ticket code has: check it against the ticket.'
  }
  return `A ticket code has ${TICKET_CODE_LENGTH} letters and digits, like K7QM-93XD-2HFR-8NWB; this has ${count}.`
}

/**
 * The SHA-256 of a code as the ticket rule reads it, in hex: how the door's list on a phone holds
 * a ticket (issue 46), so a lost phone shows no ticket anyone could use. Null for no code.
 */
export async function ticketCodeHash(text: string): Promise<string | null> {
  const key = ticketCodeKey(text)
  if (key === null) return null
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
