import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

// The files that take longest (a minute or more on this machine, most of it waiting on a browser,
// a server or a timeout), started first: with no timing cache (a fresh clone) Vitest starts the
// largest files first, and a long file started late would end the run alone on one worker.
const LONGEST = [
  /\/tests\/e2e\/paths-[^/]+\.test\.ts$/,
  /\/tests\/e2e\/(ssr|booking-wallets|a11y-[^/]+)\.test\.ts$/,
  /\/tests\/api\/(fault-[^/]+|rate-limit)\.test\.ts$/,
  /\/tests\/e2e\/(statecharts|member-area|rsvp|membership-public)\.test\.ts$/,
  /\/tests\/api\/(media-upload|wallet-ledger|refunds|payments)\.test\.ts$/,
  /\/tests\/model\/flows\.test\.ts$/,
]

/** Across all four suites (one pool), the longest files first, then in Vitest's own order. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((pattern) => pattern.test(file.moduleId))
      return at < 0 ? LONGEST.length : at
    }
    return (await super.sort(files))
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file)
  }
}

// Four suites, one runner: pure rules and the client (unit), machine paths (model),
// the server on a real database (api), and the built app in Chromium (e2e, after `vite build`).
export default defineConfig({
  test: {
    // The four suites run as one pool (`vitest run` after the build), so the CPU the model and unit
    // files need fills the time the browser and api files spend waiting on pages, servers and
    // timeouts. Three files at a time on this 2-core machine: at two, the cores were idle half the
    // run; each browser file has a Chromium of its own.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Pure rules and the client: a file that needs fresh modules resets them itself
          // (session-401); loading them once a worker takes a third of the project's CPU off.
          isolate: false,
        },
      },
      {
        test: {
          name: 'model',
          include: ['tests/model/**/*.test.ts'],
          environment: 'node',
          // A flow's whole walk takes seconds of CPU; beside another worker it takes longer.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/db-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files share their worker's loaded modules: each builds its own app on its own
          // database and the server keeps no state in its modules, so nothing leaks between them,
          // and the run is a third shorter (the server's modules and PGlite load once a worker).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The migrated template each file's server copies its database from.
          globalSetup: ['tests/support/db-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a page shows after another tab or the server acts can take seconds on a busy
          // two-core machine (the default gives it one); it still fails if it never shows.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // As in the api project, the files share their worker's loaded modules (the server,
          // PGlite, Playwright): each starts its own server on its own database and browser.
          // Eight paths files: 98 s -> 83 s.
          isolate: false,
        },
      },
    ],
  },
})
