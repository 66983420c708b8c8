import type { SpaceKind } from '../rules/space-form'
import type { StaffSpace } from './machine'

// What /staff/spaces shows of the spaces and studio items.

/** The two lists, in the order the page shows them, with their words. */
export const SPACE_KINDS: readonly {
  kind: SpaceKind
  title: string
  add: string
  one: string
}[] = [
  { kind: 'coworking', title: 'Co-working spaces', add: 'Add a space', one: 'space' },
  { kind: 'studio', title: 'Print-studio items', add: 'Add a studio item', one: 'studio item' },
]

export const kindWords = (kind: SpaceKind) =>
  SPACE_KINDS.find((k) => k.kind === kind) ?? (SPACE_KINDS[0] as (typeof SPACE_KINDS)[number])

/** The label of the capacity field, and the unit of a row's places. */
export const perWhat = (kind: SpaceKind) => (kind === 'coworking' ? 'a day' : 'a session')

/** '20 places a day · 3 booked on its fullest day'. */
export function spaceLine(space: StaffSpace): string {
  const places = `${space.capacity} ${space.capacity === 1 ? 'place' : 'places'} ${perWhat(space.kind)}`
  const fullest = space.kind === 'coworking' ? 'day' : 'session'
  return space.booked > 0
    ? `${places} · ${space.booked} booked on its fullest coming ${fullest}`
    : `${places} · nothing booked ahead`
}

/** What a save just made did. */
export const savedMessage = (space: StaffSpace) =>
  space.bookable
    ? `Saved: ${space.name} is offered for booking.`
    : `Saved: ${space.name} is hidden from booking.`
