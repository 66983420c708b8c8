// `npm run statecharts:export`: every catalogued machine as a JSON file Stately's visualiser and
// editor open (reports/statecharts/<machine id>.json), the same file the viewer's download gives.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { flowMachines } from '../../machines/flows'
import { statelyFile } from '../../src/statecharts/stately'

const folder = fileURLToPath(new URL('../../reports/statecharts/', import.meta.url))
mkdirSync(folder, { recursive: true })
for (const machine of flowMachines) {
  writeFileSync(`${folder}${machine.id}.json`, statelyFile(machine))
  console.log(`reports/statecharts/${machine.id}.json`)
}
