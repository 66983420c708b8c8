import { describe, expect, inject, it } from 'vitest'
import { lastPlaceRace, placesRace } from '../fault/scenarios.ts'

// Two server processes on one PostgreSQL database, as behind a load balancer: 1,000 people ask
// for the last place of an event at once, half through each. One gets it; no one gets an error.
// And 1,000 people for an event's 200 places: 200 get one, none beyond the 200.
// The race is about who gets the place, not about shedding load: beside the other test files on
// two cores, the 500th request of an instance can wait longer for a database connection than the
// production 15 s (and answer 503, as it should), so here the instances, and the people, wait as
// long as it takes.
const PATIENT = { DB_POOL_WAIT_MS: '150000', DB_STATEMENT_TIMEOUT_MS: '60000' }

const template = inject('postgresTemplate')

describe.skipIf(!template)(
  template
    ? 'the last place of an event, booked through two instances at once (PostgreSQL)'
    : 'the last place of an event through two instances (skipped: no PostgreSQL server answered)',
  () => {
    it('gives it to exactly one of 1,000 people; the other 999 read Sold out', async () => {
      if (!template) return
      const result = await lastPlaceRace(
        { adminUrl: template.adminUrl, prefix: template.prefix },
        { env: PATIENT, waitMs: 150_000 },
      )
      console.log(result.figure)
      expect(result, result.figure).toMatchObject({
        booked: 1,
        soldOut: 999,
        otherRefusals: 0,
        errors: 0,
        placesTaken: result.capacity,
      })
    }, 240_000)

    it('gives 200 places to exactly 200 of 1,000 people; the other 800 read Sold out', async () => {
      if (!template) return
      const result = await placesRace(
        { adminUrl: template.adminUrl, prefix: template.prefix },
        { capacity: 200, placesLeft: 200, env: PATIENT, waitMs: 150_000 },
      )
      console.log(result.figure)
      expect(result, result.figure).toMatchObject({
        booked: 200,
        soldOut: 800,
        otherRefusals: 0,
        errors: 0,
        placesTaken: 200,
        oversold: 0,
      })
    }, 240_000)
  },
)
