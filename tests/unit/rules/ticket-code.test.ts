import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  formatTicketCode,
  TICKET_CODE_BYTES,
  ticketCodeHash,
  ticketCodeKey,
  ticketCodeOf,
  ticketCodeProblem,
} from '../../../machines/rules/ticket-code'

describe('ticketCodeOf', () => {
  it('writes 80 bits as 16 characters of Crockford base32', () => {
    expect(ticketCodeOf(new Uint8Array(TICKET_CODE_BYTES))).toBe('0000000000000000')
    expect(ticketCodeOf(new Uint8Array(TICKET_CODE_BYTES).fill(255))).toBe('ZZZZZZZZZZZZZZZZ')
    expect(
      ticketCodeOf(Uint8Array.from([0x9c, 0xe6, 0xb2, 0x24, 0x8e, 0x1b, 0x57, 0x4a, 0x0f, 0xa5])),
    ).toBe('KKKB494E3DBMM3X5')
  })

  it('never writes I, L, O or U', () => {
    for (let i = 0; i < 200; i++) {
      const bytes = Uint8Array.from({ length: TICKET_CODE_BYTES }, () =>
        Math.floor(Math.random() * 256),
      )
      expect(ticketCodeOf(bytes)).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/)
    }
  })

  it('refuses too few bytes', () => {
    expect(() => ticketCodeOf(new Uint8Array(4))).toThrow('10 random bytes')
  })
})

describe('ticketCodeKey', () => {
  it.each([
    ['K7QM93XD2HFR8NWB', 'K7QM93XD2HFR8NWB'],
    ['K7QM-93XD-2HFR-8NWB', 'K7QM93XD2HFR8NWB'],
    ['k7qm 93xd 2hfr 8nwb', 'K7QM93XD2HFR8NWB'],
    ['  k7qm-93xd 2hfr.8nwb\n', 'K7QM93XD2HFR8NWB'],
    // Read aloud or typed from paper: O for 0, I or L for 1.
    ['K7QM-93XD-2HFR-8NWB'.replace('0', 'O'), 'K7QM93XD2HFR8NWB'],
    ['A0B1-C1D0-EFGH-JKMN', 'A0B1C1D0EFGHJKMN'],
    ['aob1-cid0-efgh-jkmn', 'A0B1C1D0EFGHJKMN'],
    ['AObL-ClDO-EFGH-JKMN', 'A0B1C1D0EFGHJKMN'],
    // The first tickets' codes, whatever the case and spacing.
    ['e3b0c44298fc1c149afbf4c8996fb924', 'e3b0c44298fc1c149afbf4c8996fb924'],
    ['E3B0C44298FC1C14 9AFBF4C8996FB924', 'e3b0c44298fc1c149afbf4c8996fb924'],
    ['e3b0-c442-98fc-1c14-9afb-f4c8-996f-b924', 'e3b0c44298fc1c149afbf4c8996fb924'],
  ])('reads %j as %s', (typed, key) => {
    expect(ticketCodeKey(typed)).toBe(key)
  })

  it.each([
    '',
    '   ',
    'K7QM-93XD-2HFR',
    'K7QM-93XD-2HFR-8NWB-X',
    'K7QM-93XD-2HFR-8NWU',
    'K7QM-93XD-2HFR-8NW!',
    'e3b0c44298fc1c149afbf4c8996fb92g',
    'https://example.com/wifi',
  ])('finds no code in %j', (typed) => {
    expect(ticketCodeKey(typed)).toBeNull()
  })
})

describe('formatTicketCode', () => {
  it('prints groups of four', () => {
    expect(formatTicketCode('K7QM93XD2HFR8NWB')).toBe('K7QM-93XD-2HFR-8NWB')
    expect(formatTicketCode('e3b0c44298fc1c149afbf4c8996fb924')).toBe(
      'e3b0-c442-98fc-1c14-9afb-f4c8-996f-b924',
    )
  })

  it('prints a code it reads back', () => {
    const code = ticketCodeOf(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
    expect(ticketCodeKey(formatTicketCode(code))).toBe(code)
  })
})

describe('ticketCodeProblem', () => {
  it('says nothing of a code of either shape', () => {
    expect(ticketCodeProblem('k7qm 93xd 2hfr 8nwb')).toBeNull()
    expect(ticketCodeProblem('E3B0C44298FC1C149AFBF4C8996FB924')).toBeNull()
  })

  it('says how long a code is', () => {
    expect(ticketCodeProblem('K7QM-93XD-2HF')).toBe(
      'A ticket code has 16 letters and digits, like K7QM-93XD-2HFR-8NWB; this has 11.',
    )
  })

  it('says when a character is no code character', () => {
    expect(ticketCodeProblem('K7QM-93XD-2HFR-8NWU')).toBe(
      'This code has a character no ticket code has: check it against the ticket.',
    )
  })
})

describe("the door's list: a code by its hash", () => {
  it('hashes a code as read, whatever its case and spacing, and nothing that is no code', async () => {
    const sha = createHash('sha256').update('K7QM93XD2HFR8NWB').digest('hex')
    await expect(ticketCodeHash('K7QM93XD2HFR8NWB')).resolves.toBe(sha)
    await expect(ticketCodeHash('k7qm 93xd 2hfr 8nwb')).resolves.toBe(sha)
    await expect(ticketCodeHash('K7QM-93XD-2HFR-8NWB')).resolves.toBe(sha)
    await expect(ticketCodeHash('not a ticket')).resolves.toBeNull()
  })
})
