/** A community as the members screen reads it (the contract's Community, the fields it uses). */
export interface CommunityRoster {
  Creator: string
  'Number of Members': number
  Members: string
  'Pending Members': string
}

/** One person on the members screen. */
export interface RosterEntry {
  email: string
  status: 'Active' | 'Pending'
  /** The creator: a star mark and no Remove link. */
  creator: boolean
}

/** The e-mails of a comma-separated list, trimmed, empties and repeats dropped. */
export function emailList(list: string | null | undefined): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const part of (list ?? '').split(',')) {
    const email = part.trim()
    const key = email.toLowerCase()
    if (email === '' || seen.has(key)) continue
    seen.add(key)
    out.push(email)
  }
  return out
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Members first (the creator at the top), then pending members. */
export function roster(community: CommunityRoster): RosterEntry[] {
  const members = emailList(community.Members)
  const pending = emailList(community['Pending Members']).filter(
    (email) => !members.some((m) => same(m, email)),
  )
  const active = members
    .map((email) => ({ email, status: 'Active' as const, creator: same(email, community.Creator) }))
    .sort((a, b) => Number(b.creator) - Number(a.creator))
  return [
    ...active,
    ...pending.map((email) => ({ email, status: 'Pending' as const, creator: false })),
  ]
}

/** Places taken: members plus pending members. */
export function placesTaken(community: CommunityRoster): number {
  return roster(community).length
}

/** The 'Add member' bar shows only while members plus pending are fewer than the community's size. */
export function hasRoom(community: CommunityRoster): boolean {
  return placesTaken(community) < community['Number of Members']
}

/** Whether this e-mail can be removed: anyone listed except the creator. */
export function canRemove(community: CommunityRoster, email: string): boolean {
  return (
    !same(email, community.Creator) && roster(community).some((entry) => same(entry.email, email))
  )
}

/** Whether this e-mail is already listed (member or pending), so inviting it again is pointless. */
export function isListed(community: CommunityRoster, email: string): boolean {
  return roster(community).some((entry) => same(entry.email, email))
}
