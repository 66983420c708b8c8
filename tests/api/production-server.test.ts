import { describe, expect, inject, it } from 'vitest'
import { freshDatabase, startInstance } from '../support/instances'
import { parsePrometheusText } from '../support/prometheus-text'

// The server as `npm start` and a deploy run it: the bundle `npm run build` writes, by plain node,
// on PostgreSQL. It migrates an empty database, seeds the demo data when asked, and serves the
// app's pages, the API and its reference, and its metrics.

const template = inject('postgresTemplate')
const METRICS_TOKEN = 'a-scraper-token-of-32-characters'

describe.skipIf(!template)(
  template
    ? 'the production server (dist-server/main.mjs on PostgreSQL)'
    : 'the production server (skipped: no PostgreSQL server answered)',
  () => {
    it('starts with no compiler, and serves the calendar, the API and its reference', async () => {
      if (!template) return
      const database = await freshDatabase(template.adminUrl, template.prefix)
      const instance = await startInstance({
        databaseUrl: database.url,
        env: { SEED_DEMO_DATA: 'true', METRICS_TOKEN: METRICS_TOKEN },
      })
      try {
        const page = await fetch(`${instance.url}/`)
        expect(page.status).toBe(200)
        const html = await page.text()
        expect(html).toContain('<article')
        expect(html).toContain('Rooftop Jazz')
        const events = (await (await fetch(`${instance.url}/api/events`)).json()) as {
          data: { ID: string }[]
        }
        expect(events.data.map((event) => event.ID)).toContain('rooftop-jazz')
        expect((await fetch(`${instance.url}/api/docs`)).status).toBe(200)
        // /metrics: to a scraper on this machine, and to METRICS_TOKEN through a proxy only.
        const metrics = await fetch(`${instance.url}/metrics`)
        expect(metrics.status).toBe(200)
        expect(parsePrometheusText(await metrics.text()).length).toBeGreaterThan(10)
        const proxied = { 'x-forwarded-for': '203.0.113.7' }
        expect((await fetch(`${instance.url}/metrics`, { headers: proxied })).status).toBe(404)
        const scraper = await fetch(`${instance.url}/metrics`, {
          headers: { ...proxied, authorization: `Bearer ${METRICS_TOKEN}` },
        })
        expect(scraper.status).toBe(200)
        expect(scraper.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      } finally {
        await instance.stop()
        await database.drop()
      }
    }, 60_000)
  },
)
