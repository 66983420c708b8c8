import type { components } from '../../openapi/schema'
import { type Account, requireAccount } from '../auth'
import type { Handler } from './types'

type AccountBody = components['schemas']['Account']

function accountBody(row: Account): AccountBody {
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
    subscriptionStatus: row.subscriptionStatus,
    subscriptionExpiry: row.subscriptionExpiry?.toISOString() ?? null,
    'Created at': row.createdAt.toISOString(),
    ...listed,
  }
}

export function accountsService() {
  /** The signed-in person's account: enough for the app to know whether they are a member. */
  const getProfile: Handler<'getProfile'> = async (request) => ({
    status: 'success',
    account: accountBody(requireAccount(request)),
  })
  return { getProfile }
}
