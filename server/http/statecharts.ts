import type { FastifyInstance } from 'fastify'

/**
 * The statechart viewer (/statecharts) is a tool for the team: on where the server runs with the
 * demo data or with STATECHARTS=on, and a plain 404 everywhere else (production).
 */
export function registerStatecharts(app: FastifyInstance, { enabled }: { enabled: boolean }) {
  if (enabled) return
  // A callback hook, not an async one: it runs on every request, and nearly all pass.
  app.addHook('onRequest', (request, reply, done) => {
    const path = (request.url.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase()
    if (path !== '/statecharts') return done()
    reply
      .code(404)
      .header('cache-control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send('Not found.\n')
  })
}

/** Whether the viewer is on: STATECHARTS=on or off decides; unset, it follows the demo data. */
export function statechartsEnabled(env: NodeJS.ProcessEnv, seedDemoData: boolean): boolean {
  const setting = env.STATECHARTS?.trim().toLowerCase()
  if (setting === 'on') return true
  if (setting === 'off') return false
  return seedDemoData
}
