import { pipeline, Readable } from 'node:stream'
import { createGzip } from 'node:zlib'
import { stringify } from 'csv-stringify'
import type { FastifyReply } from 'fastify'

// The staff's exports (a guest list, a day's bookings, a period's payments) as spreadsheets:
// RFC 4180 (every cell quoted, CRLF between records), UTF-8 with a byte order mark so a
// spreadsheet on a phone reads '₦' and 'Ọ̀ṣun' as written, and streamed a page of rows at a time.

/** What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/** A cell no spreadsheet runs: one that would start a formula starts with an apostrophe. */
export function defused(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** A file name safe in Content-Disposition: lower-case words of the name, hyphenated. */
export function csvFileName(...parts: string[]): string {
  const words = parts
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${words || 'export'}.csv`
}

/**
 * Sends `rows` (each the cells of one record, in the header's order) as a CSV download named
 * `fileName`. The rows are read as the client takes them (backpressure): a long export holds one
 * page of rows in memory, not the file.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly string[]>,
): FastifyReply {
  async function* records() {
    yield header.map(defused)
    for await (const row of rows) yield row.map(defused)
  }
  const source = Readable.from(records())
  const csv = source.pipe(stringify({ bom: true, quoted: true, record_delimiter: 'windows' }))
  // A read that fails half-way ends the download as failed, not as a file cut short.
  source.on('error', (error) => csv.destroy(error))
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding')
  // Gzipped here where the phone takes it, never brotli: the server's brotli held a 20,000-row
  // list for seconds before its first byte (decision 053); gzip streams as the rows come.
  if (!/\bgzip\b/.test(String(reply.request.headers['accept-encoding'] ?? ''))) {
    return reply.send(csv)
  }
  return reply.header('content-encoding', 'gzip').send(pipeline(csv, createGzip(), () => {}))
}
