import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { events, media } from '../db/schema.ts'
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

/**
 * A staff upload: checks the file, stores its variants and makes it the event's only poster.
 * Returns the poster URL and how many variants were stored.
 */
export async function uploadPoster(
  db: Db,
  eventId: string,
  file: Buffer,
): Promise<{ url: string; variants: Variant[] }> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId))
  if (!event)
    throw new ImageRejected(`No event has the id '${eventId}'. Check the event's address.`)
  const upload = await posterVariants(file)
  await db.transaction(async (tx) => {
    await saveVariants(tx, upload.variants)
    await tx
      .update(events)
      .set({ posters: [{ url: upload.url }] })
      .where(eq(events.id, eventId))
  })
  return upload
}
