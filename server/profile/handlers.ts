import { mailingList } from '../db/schema'
import type { HandlerDeps } from '../http/operations'

// The programme's mailing list: one row per address whatever its case; subscribing again is fine.

import { eq } from 'drizzle-orm'
import type { Membership } from '../../machines/rules/profile'
import type { components } from '../../openapi/schema'
import { accounts } from '../db/schema'
import { type Account, requireAccount } from '../http/auth'
import { badRequest } from '../http/http-error'
import type { Handler } from '../http/operations'
import { saveVariants } from '../media/media-store'
import { effectiveMembership } from '../memberships/membership'
import { pictureVariant } from './picture'

type AccountBody = components['schemas']['Account']

function accountBody(row: Account, membership: Membership): AccountBody {
  const lists: [keyof AccountBody, string | null][] = [
    ['First Name', row.firstName],
    ['Last Name', row.lastName],
    ['Pronouns', row.pronouns],
    ['Date of Birth', row.dateOfBirth],
    ['Occupation', row.occupation],
    ['Company Name', row.companyName],
    ['Nationality', row.nationality],
    ['Address', row.address],
    ['Country', row.country],
    ['Social Link', row.socialLink],
    ['Emergency Contact Name', row.emergencyContactName],
    ['Relationship', row.emergencyContactRelationship],
    ['Phone Number', row.phone],
  ]
  // The documents read these fields as one-element lists; an empty value is left out.
  const listed = Object.fromEntries(
    lists.flatMap(([field, value]) => (value ? [[field, [value]]] : [])),
  )
  return {
    id: row.id,
    Name: `${row.firstName} ${row.lastName}`.trim(),
    Role: row.role,
    'Email Address': row.email,
    // The membership that counts (a paid community raises its members; an unpaid one lowers no
    // one), which is what the booking area's prices and the menu read.
    subscriptionStatus: membership.status,
    subscriptionExpiry: membership.expiry,
    'Created at': row.createdAt.toISOString(),
    Picture: row.picture,
    staff: row.staffRole !== null,
    staffRole: row.staffRole,
    ...listed,
  }
}

/** The picture's address: served by GET /media/{name}. */
const mediaUrl = (name: string) => `/media/${name}`

export function profileHandlers(deps: HandlerDeps) {
  const { db } = deps
  const profile = async (row: Account) => ({
    status: 'success' as const,
    account: accountBody(row, await effectiveMembership(db, row)),
  })

  async function save(account: Account, changes: Partial<Account>) {
    const [row] = await db
      .update(accounts)
      .set(changes)
      .where(eq(accounts.id, account.id))
      .returning()
    return profile(row ?? account)
  }

  /** The signed-in person's account: enough for the app to know whether they are a member. */
  const getProfile: Handler<'getProfile'> = async (request) => profile(requireAccount(request))

  /** Edit profile's Save Changes: first name, last name, phone (trimmed; the phone may be cleared). */
  const updateProfile: Handler<'updateProfile'> = async (request) => {
    const account = requireAccount(request)
    const body = request.body
    const changes: Partial<Account> = {}
    if (body['First Name'] !== undefined) changes.firstName = body['First Name'].trim()
    if (body['Last Name'] !== undefined) changes.lastName = body['Last Name'].trim()
    if (body['Phone Number'] !== undefined) changes.phone = body['Phone Number'].trim()
    if (changes.firstName === '' || changes.lastName === '') {
      throw badRequest('First Name and Last Name cannot be empty.')
    }
    if (typeof changes.phone === 'string' && changes.phone.replace(/\D/g, '').length < 5) {
      throw badRequest('Phone Number needs at least 5 digits.')
    }
    return save(account, changes)
  }

  /** Upload picture: the bytes are checked and made into one square; the old one is replaced. */
  const uploadProfilePicture: Handler<'uploadProfilePicture'> = async (request) => {
    const account = requireAccount(request)
    const file = request.body as unknown
    if (!Buffer.isBuffer(file)) throw badRequest('Send the picture file as the request body.')
    const variant = await pictureVariant(file)
    const row = await db.transaction(async (tx) => {
      await saveVariants(tx, [variant])
      const [updated] = await tx
        .update(accounts)
        .set({ picture: mediaUrl(variant.name) })
        .where(eq(accounts.id, account.id))
        .returning()
      return updated
    })
    // After the commit: PGlite's one connection is the transaction's until then.
    return profile(row ?? account)
  }

  /** Remove picture: back to initials. Removing when there is none is fine. */
  const removeProfilePicture: Handler<'removeProfilePicture'> = async (request) =>
    save(requireAccount(request), { picture: null })

  const subscribeToMailingList: Handler<'subscribeToMailingList'> = async (request, reply) => {
    const email = request.body.email.trim().toLowerCase()
    await db
      .insert(mailingList)
      .values({ email })
      .onConflictDoNothing({ target: mailingList.email })
    reply.code(201)
    return {
      status: 'success',
      message: `Subscribed: ${email} will hear about the programme's launch and news.`,
    }
  }

  return {
    getProfile,
    updateProfile,
    uploadProfilePicture,
    removeProfilePicture,
    subscribeToMailingList,
  }
}
