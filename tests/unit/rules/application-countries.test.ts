import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import countries from 'world-countries'
import { COUNTRIES, NATIONALITIES } from '../../../machines/rules/countries'

// The country and nationality choices come from world-countries (a maintained list of about
// 1 MB), reduced to two short lists in machines/rules/countries.ts so the browser never loads the
// package. This test fails when the module no longer matches the package (after an upgrade);
// `UPDATE_COUNTRIES=1 npx vitest run --project unit tests/unit/rules/application-countries.test.ts`
// writes it afresh.

const byName = (a: string, b: string) => a.localeCompare(b, 'en')
const countryNames = [...new Set(countries.map((c) => c.name.common))].sort(byName)
const demonyms = [
  ...new Set(countries.map((c) => c.demonyms?.eng?.m?.trim()).filter((d): d is string => !!d)),
].sort(byName)

const moduleText = `// Generated from the package world-countries by tests/unit/rules/application-countries.test.ts
// (UPDATE_COUNTRIES=1): the common name of every country, and every English demonym. Do not edit.

/** Every country by its common name, A to Z. */
export const COUNTRIES: readonly string[] = ${JSON.stringify(countryNames, null, 2)}

/** Every nationality (the English demonym), A to Z. */
export const NATIONALITIES: readonly string[] = ${JSON.stringify(demonyms, null, 2)}
`

const file = fileURLToPath(new URL('../../../machines/rules/countries.ts', import.meta.url))
if (process.env.UPDATE_COUNTRIES) writeFileSync(file, moduleText)

describe('the country and nationality lists', () => {
  it('match the world-countries package', () => {
    expect(COUNTRIES).toEqual(countryNames)
    expect(NATIONALITIES).toEqual(demonyms)
  })

  it('hold the countries and nationalities applicants pick most', () => {
    expect(COUNTRIES).toContain('Nigeria')
    expect(COUNTRIES).toContain('United Kingdom')
    expect(NATIONALITIES).toContain('Nigerian')
    expect(NATIONALITIES).toContain('Ghanaian')
  })

  it('are short enough for the page (no codes, flags or translations)', () => {
    expect(readFileSync(file, 'utf8').length).toBeLessThan(16_000)
    expect(new Set(NATIONALITIES).size).toBe(NATIONALITIES.length)
  })
})
