import { type CommunityRoster, isListed } from '../rules/community-members'
import { emailError } from '../rules/email'

interface Draft {
  community: CommunityRoster | null
  /** The e-mail typed in the 'Add new member' form. */
  draft: string
}

/** What the new member's e-mail field says under itself: null while empty or an address. */
export const draftErrorOf = (context: Draft) => emailError(context.draft)

/** Whether the address typed is already someone of the community's (Add then stays closed). */
export const isDraftListed = (context: Draft) =>
  context.community !== null && isListed(context.community, context.draft)
