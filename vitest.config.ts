import { defineConfig } from 'vitest/config'

// Four suites, one runner: pure rules and the client (unit), machine paths (model),
// the server on a real database (api), and the built app in Chromium (e2e, after `vite build`).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], environment: 'node' } },
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
