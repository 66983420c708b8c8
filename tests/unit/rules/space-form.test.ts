import { describe, expect, it } from 'vitest'
import {
  draftOfSpace,
  emptySpaceForm,
  formOfSpace,
  spaceFormProblems,
} from '../../../machines/rules/space-form'
import { gardenRoom } from '../../../machines/staff-spaces/model'

describe("a space's form", () => {
  it('sends what it shows: a space read into the form comes back the same', () => {
    const form = formOfSpace(gardenRoom)
    expect(spaceFormProblems(form, 'coworking')).toEqual({})
    expect(draftOfSpace(form)).toEqual({ name: 'The Garden Room', capacity: 20, bookable: true })
  })

  it('starts offered, and says what it still needs in the words of its kind', () => {
    expect(emptySpaceForm()).toEqual({ name: '', capacity: '', bookable: true })
    expect(spaceFormProblems(emptySpaceForm(), 'coworking')).toEqual({
      name: 'Write its name, as people will see it.',
      capacity: 'Give the places a day as a whole number from 1 to 1000.',
    })
    expect(spaceFormProblems(emptySpaceForm(), 'studio').capacity).toBe(
      'Give the places a session as a whole number from 1 to 1000.',
    )
  })

  it('takes a name with spaces around it trimmed, and refuses places that are no whole number', () => {
    const form = { name: '  Adana Letterpress No. 2 ', capacity: ' 2 ', bookable: false }
    expect(spaceFormProblems(form, 'studio')).toEqual({})
    expect(draftOfSpace(form)).toEqual({
      name: 'Adana Letterpress No. 2',
      capacity: 2,
      bookable: false,
    })
    for (const capacity of ['0', '2.5', '-1', 'two', '1001']) {
      expect(spaceFormProblems({ ...form, capacity }, 'studio').capacity, capacity).toBeDefined()
    }
    expect(spaceFormProblems({ ...form, name: '   ' }, 'studio').name).toBeDefined()
    expect(spaceFormProblems({ ...form, name: 'x'.repeat(81) }, 'studio').name).toBe(
      'Keep the name to 80 characters.',
    )
  })
})
