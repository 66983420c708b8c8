import { describe, expect, it } from 'vitest'
import { CHECK_IN_ANSWERS, CHECK_IN_CODE } from '../../machines/check-in/model'
import { decideOffline, partyToCount } from '../../machines/check-in/offline'
import type { DoorList, PhoneScan } from '../../machines/check-in/queue/machine'
import { DOOR_LIST } from '../../machines/check-in/queue/model'
import { listLine, reportView, toSend, toSendLine } from '../../machines/check-in/queue/selectors'
import { countView, decidedNote, verdictView } from '../../machines/check-in/selectors'
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
      placesIn: 3,
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

describe('a party at the door with no network', () => {
  // The model's ticket: the booker and two visitors, a party of three.
  const letIn = (nonce: string, places: number, placesIn: number): PhoneScan => ({
    nonce,
    code: CHECK_IN_CODE,
    scannedAt: AT,
    offline: true,
    places,
    shown: 'admitted',
    queued: true,
    placesIn,
  })

  it('asks how many of a party come in, and lets in that many, then the rest', async () => {
    const { list, codeHash } = await listWith('confirmed')
    expect(partyToCount({ list, scans: [] }, scanned(codeHash))).toMatchObject({
      party: 3,
      placesIn: 0,
    })
    const first = decideOffline({ list, scans: [] }, { ...scanned(codeHash), places: 2 })
    expect(first?.check).toMatchObject({ result: 'admitted', placesIn: 2, placesAdmitted: 2 })
    // One still to come: nothing to ask, the scan lets them in.
    const scans = [letIn('n-0000000000000001', 2, 2)]
    expect(partyToCount({ list, scans }, scanned(codeHash))).toBeNull()
    const rest = decideOffline({ list, scans }, scanned(codeHash))
    expect(rest?.check).toMatchObject({ result: 'admitted', placesIn: 3, placesAdmitted: 1 })
    const all = [...scans, letIn('n-0000000000000002', 1, 3)]
    expect(decideOffline({ list, scans: all }, scanned(codeHash))).toMatchObject({
      by: 'this phone',
      check: { result: 'already', checkedInAt: AT },
    })
  })

  it('counts from the most the server said: the list, or its answer to a scan sent', async () => {
    const { list, codeHash } = await listWith('confirmed', {
      checkedInAt: '2026-11-24T09:05:00.000Z',
      placesIn: 1,
    })
    expect(partyToCount({ list, scans: [] }, scanned(codeHash))).toMatchObject({ placesIn: 1 })
    // Sent and answered since the list: another phone had let one more in meanwhile.
    const sent = { ...letIn('n-0000000000000003', 1, 3), queued: false }
    expect(decideOffline({ list, scans: [sent] }, scanned(codeHash))?.check.result).toBe('already')
  })

  it('asks nobody about a guest alone, a refused ticket, or with no list', async () => {
    const [first] = DOOR_LIST.tickets
    const alone = await listWith('confirmed', {
      ticket: { ...first?.ticket, visitors: 0, namesOfVisitors: null },
    })
    expect(partyToCount({ list: alone.list, scans: [] }, scanned(alone.codeHash))).toBeNull()
    const cancelled = await listWith('cancelled')
    expect(
      partyToCount({ list: cancelled.list, scans: [] }, scanned(cancelled.codeHash)),
    ).toBeNull()
    expect(partyToCount(null, scanned('00'))).toBeNull()
  })

  it('words the question and the answers of a party let in part', () => {
    const holder = CHECK_IN_ANSWERS.admitted.ticket
    if (!holder) throw new Error('the model answer has no ticket')
    const ticket = { ...holder, visitors: 3 }
    const party = { ticket, party: 4, placesIn: 0 }
    expect(countView(party)).toEqual({
      question: 'How many are coming in now?',
      detail: 'A party of 4.',
      choices: [
        { places: 4, label: 'All 4' },
        { places: 1, label: '1' },
        { places: 2, label: '2' },
        { places: 3, label: '3' },
      ],
    })
    expect(countView({ ...party, placesIn: 2 }).choices).toEqual([
      { places: 2, label: 'The other 2' },
      { places: 1, label: '1' },
    ])
    const admitted = { ...CHECK_IN_ANSWERS.admitted, ticket }
    expect(verdictView({ ...admitted, placesIn: 2, placesAdmitted: 2 })).toMatchObject({
      headline: 'Admitted: 2 of 4 in',
      detail: '2 still to come: scan the ticket again when they arrive.',
    })
    expect(verdictView({ ...admitted, placesIn: 4, placesAdmitted: 2 })).toMatchObject({
      headline: 'Admitted: 4 of 4 in',
      detail: 'The last 2 of the party: all 4 are in.',
    })
    expect(verdictView({ ...admitted, placesIn: 4, placesAdmitted: 4 }).headline).toBe('Admitted')
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
