import { useEffect, useState } from 'react'

// The country and nationality lists (about 8 kB): loaded when a form first needs them, so no other
// page carries them.

export type CountryLists = { countries: readonly string[]; nationalities: readonly string[] }

let loadedLists: CountryLists | null = null
let loadingLists: Promise<CountryLists> | null = null

/** The lists once loaded (null until then: a select offers its prompt and what is chosen). */
export function useCountryLists(needed: boolean): CountryLists | null {
  const [lists, setLists] = useState(loadedLists)
  useEffect(() => {
    if (!needed || lists) return
    loadingLists ??= import('../../machines/rules/countries').then((m) => {
      loadedLists = { countries: m.COUNTRIES, nationalities: m.NATIONALITIES }
      return loadedLists
    })
    let live = true
    loadingLists.then((l) => live && setLists(l)).catch(() => {})
    return () => {
      live = false
    }
  }, [needed, lists])
  return lists
}
