// A space or studio item as staff write it at /staff/spaces: checked as they type, with the limits
// the contract sets (SpaceDraft); the server checks the same and what the form cannot know (a name
// taken, a capacity below what is booked).

/** The contract's kinds: a co-working space (booked by the day), a studio item (by the session). */
export type SpaceKind = 'coworking' | 'studio'

/** What the form holds: the capacity as typed, so a half-typed number is kept. */
export interface SpaceForm {
  name: string
  capacity: string
  bookable: boolean
}

export type SpaceFormField = keyof SpaceForm

/** What is sent: SpaceDraft of the contract. */
export interface SpaceDraft {
  name: string
  capacity: number
  bookable: boolean
}

export const SPACE_NAME_MAX_LENGTH = 80
export const SPACE_CAPACITY_MAX = 1000

export const emptySpaceForm = (): SpaceForm => ({ name: '', capacity: '', bookable: true })

export const formOfSpace = (space: SpaceDraft): SpaceForm => ({
  name: space.name,
  capacity: String(space.capacity),
  bookable: space.bookable,
})

export const draftOfSpace = (form: SpaceForm): SpaceDraft => ({
  name: form.name.trim(),
  capacity: Number(form.capacity.trim()),
  bookable: form.bookable,
})

/** What is wrong with each field, in the words the form shows beside it; empty when none. */
export function spaceFormProblems(
  form: SpaceForm,
  kind: SpaceKind,
): Partial<Record<'name' | 'capacity', string>> {
  const problems: Partial<Record<'name' | 'capacity', string>> = {}
  const name = form.name.trim()
  if (name === '') problems.name = 'Write its name, as people will see it.'
  else if (name.length > SPACE_NAME_MAX_LENGTH) {
    problems.name = `Keep the name to ${SPACE_NAME_MAX_LENGTH} characters.`
  }
  const capacity = form.capacity.trim()
  const per = kind === 'coworking' ? 'a day' : 'a session'
  if (!/^\d+$/.test(capacity) || Number(capacity) < 1 || Number(capacity) > SPACE_CAPACITY_MAX) {
    problems.capacity = `Give the places ${per} as a whole number from 1 to ${SPACE_CAPACITY_MAX}.`
  }
  return problems
}
