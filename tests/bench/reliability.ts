// `npm run bench:reliability`: the fault and concurrency scenarios of tests/api/fault-*.test.ts
// (tests/fault/scenarios.ts), run once each against real server processes on PostgreSQL
// (DATABASE_URL, else 127.0.0.1:5432), with their figures printed together.
import {
  databaseBlackhole,
  databaseCut,
  type FaultSetup,
  killedBetweenInitiationAndReturn,
  lastPlaceRace,
  webhookReplay,
} from '../fault/scenarios.ts'
import { DEFAULT_ADMIN_URL, postgresAnswers } from '../support/instances.ts'

const adminUrl = process.env.DATABASE_URL?.trim() || DEFAULT_ADMIN_URL
const server = new URL(adminUrl).host
if (!(await postgresAnswers(adminUrl))) {
  console.error(`No PostgreSQL server answered at ${server}: set DATABASE_URL to one.`)
  process.exit(1)
}
// Named like the test run's databases, so a later run's sweep drops any a crash left behind.
const setup: FaultSetup = {
  adminUrl,
  prefix: `hotel_test_${Math.floor(Date.now() / 1000)}_bench_`,
}

interface Row {
  scenario: string
  figure: string
  /** Whether the figure is what the fault tests require. */
  holds: boolean
}

const scenarios: [string, () => Promise<Omit<Row, 'scenario'>>][] = [
  [
    'last place, 2 instances',
    async () => {
      const r = await lastPlaceRace(setup)
      const holds =
        r.booked === 1 && r.soldOut === r.attempts - 1 && r.errors === 0 && r.otherRefusals === 0
      return { figure: r.figure, holds }
    },
  ],
  [
    'webhook replayed',
    async () => {
      const r = await webhookReplay(setup)
      const holds =
        r.statuses[200] === r.replays && r.settled === 1 && r.confirmed === 1 && r.receipts === 1
      return { figure: r.figure, holds: holds && r.refunds === 0 }
    },
  ],
  [
    'instance killed mid-payment',
    async () => {
      const r = await killedBetweenInitiationAndReturn(setup)
      const holds =
        r.confirmed === r.payments &&
        r.receipts === r.payments &&
        r.doubled === 0 &&
        r.held === 0 &&
        r.refunds === 0 &&
        r.failedCalls === 0
      return { figure: r.figure, holds }
    },
  ],
  ...(['relay', 'terminate'] as const).map(
    (kind): [string, () => Promise<Omit<Row, 'scenario'>>] => [
      kind === 'relay' ? 'database connection cut' : 'database connections terminated',
      async () => {
        const r = await databaseCut(setup, { kind })
        const holds =
          r.sameProcess &&
          (r.during[503] ?? 0) > 0 &&
          r.malformedDuring.length === 0 &&
          r.recoveryMs !== null &&
          Object.keys(r.after).every((status) => status === '200' || status === '201')
        return { figure: r.figure, holds }
      },
    ],
  ),
  [
    'database silent (connections accepted, nothing answered)',
    async () => {
      const r = await databaseBlackhole(setup)
      const holds =
        r.sameProcess &&
        r.malformedDuring.length === 0 &&
        r.slowestMs < 5_000 &&
        r.after.every((answer) => answer.status === 200 || answer.status === 201)
      return { figure: r.figure, holds }
    },
  ],
]

console.log(`Reliability on PostgreSQL at ${server}, real server processes:\n`)
const rows: Row[] = []
for (const [scenario, run] of scenarios) {
  const started = performance.now()
  let row: Row
  try {
    row = { scenario, ...(await run()) }
  } catch (error) {
    row = { scenario, figure: `did not run: ${(error as Error).message}`, holds: false }
  }
  rows.push(row)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`${row.holds ? 'ok    ' : 'FAILED'} ${scenario} (${seconds} s)\n       ${row.figure}`)
}
const failed = rows.filter((row) => !row.holds).length
console.log(`\n${rows.length - failed} of ${rows.length} scenarios hold.`)
process.exit(failed === 0 ? 0 : 1)
