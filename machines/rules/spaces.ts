/** The space only active members may choose. */
export const MEMBERS_ONLY_SPACE = '8th Floor'

/** A space name as shown: trailing whitespace and one final period removed. */
export function cleanSpaceName(name: string): string {
  return name.trimEnd().replace(/\.$/, '').trimEnd()
}

/** Whether a space is the members-only one, however its name is padded or cased. */
export function isMembersOnlySpace(name: string): boolean {
  return cleanSpaceName(name).trim().toLowerCase() === MEMBERS_ONLY_SPACE.toLowerCase()
}

/** The spaces a viewer may choose, with cleaned names; the 8th Floor only for members. */
export function visibleSpaces<T extends { Name: string }>(spaces: T[], isMember: boolean): T[] {
  return spaces
    .filter((space) => isMember || !isMembersOnlySpace(space.Name))
    .map((space) => ({ ...space, Name: cleanSpaceName(space.Name) }))
}

/** Whether booking is offered at all: some returned space or item has Coworking true. */
export function offersCoworking(items: { Coworking?: boolean | null }[]): boolean {
  return items.some((item) => item.Coworking === true)
}
