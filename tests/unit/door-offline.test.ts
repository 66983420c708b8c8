import { describe, expect, it } from 'vitest'
import { CHECK_IN_ANSWERS, CHECK_IN_CODE } from '../../machines/check-in/model'
import { decideOffline } from '../../machines/check-in/offline'
import { decidedNote, verdictView } from '../../machines/check-in/selectors'
import type { DoorList, PhoneScan } from '../../machines/door-queue/machine'
import { DOOR_LIST } from '../../machines/door-queue/model'
import { listLine, reportView, toSend, toSendLine } from '../../machines/door-queue/selectors'
import { ticketCodeHash } from '../../machines/rules/ticket-code'

// The door's own answers with no network (issue 46): what the phone decides from the list it
// keeps and the scans it made, and how the door words its list, queue and reports.

const AT = '2026-11-24T09:30:00.000Z'

async function listWith(status: DoorList['tickets'][number]['status'], fields = {}) {
  const codeHash = (await ticketCodeHash(CHECK_IN_CODE)) ?? ''
  const [first] = DOOR_LIST.tickets
  if (!first) throw new Error('the model list has no ticket')
  return {
    codeHash,
    list: { ...DOOR_LIST, tickets: [{ ...first, codeHash, status, ...fields }] },
  }
}

const scanned = (codeHash: string, scannedAt = AT) => ({ code: CHECK_IN_CODE, codeHash, scannedAt })

describe('decideOffline', () => {
  it('cannot decide without a list', () => {
    expect(decideOffline(null, scanned('00'))).toBeNull()
    expect(decideOffline({ list: null, scans: [] }, scanned('00'))).toBeNull()
  })

  it("admits today's confirmed ticket not yet in, at the scan's moment", async () => {
    const { list, codeHash } = await listWith('confirmed')
    const answer = decideOffline({ list, scans: [] }, scanned(codeHash))
    expect(answer?.check.result).toBe('admitted')
    expect(answer?.check.checkedInAt).toBe(AT)
    expect(answer?.check.ticket?.name).toBe('Oluwadamilare Chukwuemeka-Babatunde')
  })

  it('says already for a ticket the list has in, and for one this phone let in', async () => {
    const { list, codeHash } = await listWith('confirmed', {
      checkedInAt: '2026-11-24T09:05:00.000Z',
    })
    expect(decideOffline({ list, scans: [] }, scanned(codeHash))).toMatchObject({
      by: 'list',
      check: { result: 'already', checkedInAt: '2026-11-24T09:05:00.000Z' },
    })
    const fresh = await listWith('confirmed')
    const mine: PhoneScan = {
      nonce: 'n-0000000000000001',
      code: CHECK_IN_CODE,
      scannedAt: '2026-11-24T09:10:00.000Z',
      offline: true,
      shown: 'admitted',
      queued: true,
    }
    const again = decideOffline({ list: fresh.list, scans: [mine] }, scanned(fresh.codeHash))
    expect(again).toMatchObject({ by: 'this phone', check: { result: 'already' } })
    expect(verdictView(again?.check ?? CHECK_IN_ANSWERS.unknown, 'this phone').detail).toBe(
      'At 10:10am on this phone.',
    )
  })

  it('refuses an unknown code, a cancelled or refunded ticket, and another day’s', async () => {
    const { list, codeHash } = await listWith('confirmed')
    expect(decideOffline({ list, scans: [] }, scanned('f'.repeat(64)))?.check.result).toBe(
      'unknown',
    )
    for (const status of ['cancelled', 'refunded'] as const) {
      const other = await listWith(status)
      expect(
        decideOffline({ list: other.list, scans: [] }, scanned(other.codeHash))?.check.result,
      ).toBe(status)
    }
    // The next morning in Lagos (23:30 UTC is 00:30 there).
    expect(
      decideOffline({ list, scans: [] }, scanned(codeHash, '2026-11-24T23:30:00.000Z'))?.check
        .result,
    ).toBe('elsewhere')
  })
})

describe("the door's words for its phone", () => {
  it('says how fresh the list is and how many scans wait', () => {
    expect(listLine(DOOR_LIST)).toBe('List of 10:42am, 2 tickets')
    expect(listLine({ ...DOOR_LIST, tickets: DOOR_LIST.tickets.slice(0, 1) })).toBe(
      'List of 10:42am, 1 ticket',
    )
    expect(listLine(null)).toBeNull()
    expect(toSendLine(0)).toBeNull()
    expect(toSendLine(1)).toBe('1 scan to send')
    expect(toSendLine(3)).toBe('3 scans to send')
    const scan = (queued: boolean, nonce: string): PhoneScan => ({
      nonce,
      code: CHECK_IN_CODE,
      scannedAt: AT,
      offline: true,
      shown: 'admitted',
      queued,
    })
    expect(toSend({ scans: [scan(true, 'a'), scan(false, 'b'), scan(true, 'c')] })).toBe(2)
  })

  it('marks what the phone decided until it is sent', () => {
    const admitted = CHECK_IN_ANSWERS.admitted
    expect(decidedNote(admitted, 'server', false)).toBeNull()
    expect(decidedNote(admitted, 'list', true)?.mark).toBe('Not yet sent')
    expect(decidedNote(admitted, 'list', false)?.mark).toBe('Sent')
    expect(decidedNote(CHECK_IN_ANSWERS.unknown, 'list', false)?.mark).toBe('Decided on this phone')
  })

  it('reports a guest let in twice with the first door, and one refused after sync', () => {
    expect(
      reportView({ nonce: 'n', check: CHECK_IN_ANSWERS.already, door: 'Garden gate' }),
    ).toEqual({
      headline: 'Admitted twice',
      detail: 'First at 10:05am on another door (Garden gate).',
      name: 'Oluwadamilare Chukwuemeka-Babatunde',
    })
    expect(reportView({ nonce: 'n', check: CHECK_IN_ANSWERS.already, door: null }).detail).toBe(
      'First at 10:05am by Oluwaseun Adebayo-Okonkwo.',
    )
    const refused = reportView({ nonce: 'n', check: CHECK_IN_ANSWERS.cancelled, door: null })
    expect(refused.headline).toBe('Refused after sync')
    expect(refused.detail).toBe(
      'Cancelled at 6:30pm on Monday, November 23, 2026: not checked in. The phone had let them in without a connection.',
    )
  })
})
