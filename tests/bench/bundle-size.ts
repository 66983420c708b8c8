// `npm run bench`: the gzip size of the JavaScript the calendar (/) loads first, beside a bare
// React page built the same way. Target: the calendar within 2x the bare page.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Scripts and module preloads of a built index.html: what the browser fetches before painting. */
function firstLoadJs(outDir: string): { file: string; gzip: number }[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  )
  return [...new Set(refs)].map((ref) => ({
    file: ref,
    gzip: gzipSync(readFileSync(join(outDir, ref))).length,
  }))
}

async function buildBareReactPage(): Promise<string> {
  const dir = join(root, 'node_modules', '.bench-bare-react')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  )
  writeFileSync(
    join(dir, 'main.tsx'),
    "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>)\n",
  )
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true },
  })
  return join(dir, 'dist')
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const appDist = join(root, 'dist')
try {
  readFileSync(join(appDist, 'index.html'))
} catch {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}
const calendar = firstLoadJs(appDist)
const bare = firstLoadJs(await buildBareReactPage())
const calendarTotal = calendar.reduce((sum, f) => sum + f.gzip, 0)
const bareTotal = bare.reduce((sum, f) => sum + f.gzip, 0)

console.log('JavaScript loaded before the calendar paints (gzip):')
for (const f of calendar) console.log(`  ${f.file.padEnd(44)} ${kb(f.gzip).padStart(9)}`)
console.log(`  ${'calendar page, total'.padEnd(44)} ${kb(calendarTotal).padStart(9)}`)
console.log(`  ${'bare React page, same build'.padEnd(44)} ${kb(bareTotal).padStart(9)}`)
const ratio = calendarTotal / bareTotal
console.log(`  ratio ${ratio.toFixed(2)}x (target: within 2x) ${ratio <= 2 ? 'met' : 'NOT met'}`)
