import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { type Db, migrate, openDatabase } from '../db/client.ts'
import { uploadPoster } from '../media/media-store.ts'
import { ImageRejected } from '../media/poster-variants.ts'

// `npm run admin:poster -- <event-id> <file.jpg>`: makes a photograph the event's poster, on the
// database named by DATABASE_URL (else PGlite in DATA_DIR or ./data/pglite).

const USAGE = 'Usage: npm run admin:poster -- <event-id> <file.jpg>'

/** Runs the command on an open database; returns what to print, or throws ImageRejected. */
export async function posterCommand(db: Db, args: readonly string[]): Promise<string> {
  const [eventId, path, ...rest] = args
  if (!eventId || !path || rest.length > 0) throw new ImageRejected(USAGE)
  const file = await readFile(path).catch(() => {
    throw new ImageRejected(`Cannot read ${path}: check the file's path.`)
  })
  const { url, variants } = await uploadPoster(db, eventId, file)
  const kilobytes = Math.round(variants.reduce((sum, v) => sum + v.bytes.length, 0) / 1024)
  return `The poster of ${eventId} is now ${url} (${variants.length} variants, ${kilobytes} kB in all).`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { db, close } = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || undefined,
  })
  try {
    await migrate(db)
    console.log(await posterCommand(db, process.argv.slice(2)))
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error
    console.error(error.message)
    process.exitCode = 1
  } finally {
    await close()
  }
}
