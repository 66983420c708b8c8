import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

// The files that take longest (a minute or more on this machine), started first: with no timing
// cache (a fresh clone) Vitest starts the largest files first, and these short files would end
// the run alone on one worker while the other idles.
const LONGEST = [
  /\/tests\/e2e\/paths-[^/]+\.test\.ts$/,
  /\/tests\/e2e\/(booking-wallets|a11y-[^/]+|ssr|rsvp)\.test\.ts$/,
  /\/tests\/api\/(rate-limit|fault-[^/]+|refunds|db|admin-cli)\.test\.ts$/,
  /\/tests\/model\/flows\.test\.ts$/,
]

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((pattern) => pattern.test(file.moduleId))
      return at < 0 ? LONGEST.length : at
    }
    // Within each project's run (the projects keep Vitest's order), the longest first.
    const byProject = new Map<string, TestSpecification[]>()
    for (const file of await super.sort(files)) {
      byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file])
    }
    return [...byProject.values()].flatMap((group) =>
      group
        .map((file, i) => ({ file, i }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
        .map(({ file }) => file),
    )
  }
}

// Four suites, one runner: pure rules and the client (unit), machine paths (model),
// the server on a real database (api), and the built app in Chromium (e2e, after `vite build`).
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on this 2-core machine, where the
    // api files' waits (timeouts, faults) and the unit and model files' work can share both.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
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
          // Two files at a time, each with its own server and browser: more would only queue
          // for the CPU (and make timing-sensitive pages slow enough to fail).
          maxWorkers: 2,
          // As in the api project, the files share their worker's loaded modules (the server,
          // PGlite, Playwright): each starts its own server on its own database and browser.
          // Eight paths files: 98 s -> 83 s.
          isolate: false,
        },
      },
    ],
  },
})
