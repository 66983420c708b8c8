// `npm run paths`: per catalogued machine, its states, transitions, walked paths and the share
// covered. Exits non-zero when anything is left unwalked, so CI can use it as a gate.
import { catalogue } from '../../machines/index'
import { coverageOf } from '../support/model-harness'

const pct = (covered: number, all: number) =>
  all === 0 ? 100 : Math.round((covered / all) * 1000) / 10
const rows: string[][] = [['machine', 'states', 'transitions', 'paths', 'covered']]
let complete = true
const gaps: string[] = []

for (const model of catalogue) {
  const { states, transitions, paths } = await coverageOf(model)
  const covered = states.covered.length + transitions.covered.length
  const all = states.all.length + transitions.all.length
  if (covered < all) {
    complete = false
    for (const s of states.all.filter((x) => !states.covered.includes(x)))
      gaps.push(`${model.machine.id}: state ${s}`)
    for (const t of transitions.all.filter((x) => !transitions.covered.includes(x)))
      gaps.push(`${model.machine.id}: ${t}`)
  }
  rows.push([
    model.machine.id,
    `${states.covered.length}/${states.all.length}`,
    `${transitions.covered.length}/${transitions.all.length}`,
    String(paths),
    `${pct(covered, all)}%`,
  ])
}

const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? []
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '))
if (gaps.length) console.log(`\nNot walked:\n${gaps.map((g) => `  ${g}`).join('\n')}`)
console.log(complete ? '\nEvery state and transition is walked.' : '')
process.exit(complete ? 0 : 1)
