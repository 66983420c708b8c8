// First-load JavaScript: what the browser fetches (scripts and module preloads) before the page
// can run, gzip-compressed, beside a bare React page built by the same Vite.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface JsFile {
  file: string
  gzip: number
}

/** The scripts and module preloads an HTML document names, with their gzip sizes from `webRoot`. */
export function firstLoadJs(html: string, webRoot: string): JsFile[] {
  // A script's src, a preload's href, or the list a rendered page starts once painted.
  const refs = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string)
  return [...new Set(refs)].map((ref) => ({
    file: ref,
    gzip: gzipSync(readFileSync(join(webRoot, ref))).length,
  }))
}

export const totalGzip = (files: JsFile[]) => files.reduce((sum, f) => sum + f.gzip, 0)

/**
 * A bare client-rendered React page: one heading rendered by React once its JavaScript has run.
 * The reference both for size and for how soon a client-rendered page shows anything.
 */
export async function buildBareReactPage(): Promise<string> {
  const dir = join(root, 'node_modules', '.bench-bare-react')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Bare</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  )
  writeFileSync(
    join(dir, 'main.tsx'),
    "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')!).render(<h1 className=\"card\">Hello</h1>)\n",
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
