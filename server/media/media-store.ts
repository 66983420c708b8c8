import { eq } from 'drizzle-orm'
import { recordAudit } from '../audit/audit.ts'
import type { Db, Tx } from '../db/client.ts'
import { events, media } from '../db/schema.ts'
import type { Account } from '../http/auth.ts'
import { ImageRejected, posterVariants, type Variant } from './poster-variants.ts'

/** Stores variants; one already stored (the same upload again) is kept as it is. */
export async function saveVariants(db: Db | Tx, variants: Variant[]): Promise<void> {
  await db.insert(media).values(variants).onConflictDoNothing({ target: media.name })
}

/** One stored variant by its file name, or null. */
export async function findVariant(db: Db, name: string) {
  const [row] = await db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(eq(media.name, name))
  return row ?? null
}

/** Who sets a poster, for the audit log: a staff member, or null for the command line. */
export interface PosterWrite {
  actor: Account | null
  now: Date
}

const noSuchEvent = (eventId: string) =>
  new ImageRejected(`No event has the id '${eventId}'. Check the event's address.`)

/**
 * Makes `url` the event's only poster, with its audit entry ('event poster'), in the caller's
 * transaction; false when no event has the id.
 */
export async function setPoster(
  tx: Tx,
  eventId: string,
  url: string,
  { actor, now }: PosterWrite,
): Promise<boolean> {
  const [before] = await tx
    .select({ posters: events.posters })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update')
  if (!before) return false
  await tx
    .update(events)
    .set({ posters: [{ url }] })
    .where(eq(events.id, eventId))
  await recordAudit(tx, {
    at: now,
    actor,
    action: 'event poster',
    subject: eventId,
    before: { poster: before.posters[0]?.url ?? null },
    after: { poster: url },
  })
  return true
}

/**
 * A staff upload: checks the file, stores its variants and makes it the event's only poster.
 * Returns the poster URL and how many variants were stored.
 */
export async function uploadPoster(
  db: Db,
  eventId: string,
  file: Buffer,
  by: PosterWrite = { actor: null, now: new Date() },
): Promise<{ url: string; variants: Variant[] }> {
  // Before the resizing, which takes seconds.
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId))
  if (!event) throw noSuchEvent(eventId)
  const upload = await posterVariants(file)
  await db.transaction(async (tx) => {
    await saveVariants(tx, upload.variants)
    if (!(await setPoster(tx, eventId, upload.url, by))) throw noSuchEvent(eventId)
  })
  return upload
}
