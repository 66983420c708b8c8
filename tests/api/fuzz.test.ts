import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FuzzReport, formatReport, runFuzz } from '../fuzz/contract-fuzzer.ts'
import { type FuzzTarget, startFuzzTarget } from '../fuzz/target.ts'
import { openTestDb, type TestDb } from '../support/test-db.ts'

// A bounded, seeded sample of the contract fuzzer (`npm run fuzz` runs as many as you ask):
// 25 generated requests per operation of openapi/hotel.yaml, valid and broken, against the real
// app on PGlite. Every answer must be in the contract: no 5xx but the documented 501s, no status
// an operation does not document, no body outside its schema, no 2xx to a forbidden request.

const SEED = 1616
const PER_OPERATION = 25

describe('contract fuzzer (seeded sample)', () => {
  let testDb: TestDb
  let target: FuzzTarget
  let report: FuzzReport

  beforeAll(async () => {
    testDb = await openTestDb('pglite')
    target = await startFuzzTarget(testDb.db)
  })
  afterAll(async () => {
    await target?.close()
    await testDb?.close()
  })

  it(`${PER_OPERATION} requests per operation (seed ${SEED}) all answer within the contract`, async () => {
    report = await runFuzz(target, { perOp: PER_OPERATION, seed: SEED })
    console.log(formatReport(report))
    expect(report.sent).toBeGreaterThanOrEqual(PER_OPERATION * report.byOperation.size)
    expect(
      report.failures.map(
        (f) => `${f.operationId} #${f.index}: ${f.problem.kind}: ${f.problem.detail}`,
      ),
    ).toEqual([])
  }, 120_000)
})
