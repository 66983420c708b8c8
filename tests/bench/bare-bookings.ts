// The reference of the 'bookings' bench (tests/bench/bookings.ts): the least a booking can cost on
// this machine and this PostgreSQL. A bare Fastify route, in a process of its own as the app's
// server is, with the app's pool size (node-postgres's default, 10): in one transaction, a
// conditional UPDATE of a counter row and an insert, on scratch tables of its own. No validation,
// no rate limits, no receipt, no logging.
// Started by the bench: `node --import tsx tests/bench/bare-bookings.ts` with DATABASE_URL and PORT;
// it prints 'listening' once it serves.
import Fastify from 'fastify'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
pool.on('error', () => {})

await pool.query(`CREATE TABLE IF NOT EXISTS bench_counts (
  id text PRIMARY KEY, capacity integer NOT NULL, booked integer NOT NULL DEFAULT 0)`)
await pool.query(`CREATE TABLE IF NOT EXISTS bench_bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), count_id text NOT NULL, email text NOT NULL,
  name text NOT NULL, phone text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`)

const app = Fastify()

app.post<{ Params: { id: string }; Body: { Email: string; Name: string; Phone: string } }>(
  '/bare/rsvp/:id',
  async (request, reply) => {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const claimed = await client.query(
        'UPDATE bench_counts SET booked = booked + 1 WHERE id = $1 AND booked < capacity RETURNING booked',
        [request.params.id],
      )
      if (claimed.rowCount === 0) {
        await client.query('ROLLBACK')
        return reply.code(409).send({ status: 'error', message: 'Sold out' })
      }
      const { Email, Name, Phone } = request.body
      const { rows } = await client.query(
        'INSERT INTO bench_bookings (count_id, email, name, phone) VALUES ($1, $2, $3, $4) RETURNING id',
        [request.params.id, Email.trim().toLowerCase(), Name, Phone],
      )
      await client.query('COMMIT')
      return reply.code(201).send({ status: 'success', data: { id: rows[0]?.id } })
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  },
)

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
console.log('listening')

const stop = async () => {
  await app.close()
  await pool.end()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
