import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import sharp from 'sharp'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { pandaStaticClasses } from './panda-static-classes.ts'
import { loadDrawingFonts, outlineText } from './server/media/outline-text.ts'

interface ModuleGraph {
  getModuleInfo(id: string): { importers: string[]; dynamicImporters: string[] } | null
}

/**
 * Modules that several lazy pages use go into one chunk of their own, not one chunk per set of
 * pages: a page then loads in two or three requests, not twenty. On a network where a round trip
 * costs 800 ms, the count matters more than the bytes. (A module of one page stays in its chunk.)
 */
function sharedByPages(id: string, graph: ModuleGraph): string | null {
  const pages = new Set<string>()
  const seen = new Set<string>()
  const stack = [id]
  for (let module = stack.pop(); module !== undefined; module = stack.pop()) {
    if (seen.has(module)) continue
    seen.add(module)
    const info = graph.getModuleInfo(module)
    if (!info) continue
    if (info.dynamicImporters.length === 0) stack.push(...info.importers)
    // The statechart viewer (a staff tool) imports every machine: counted, it would make each
    // page's machine 'shared' and ship it to every page in the common chunk.
    else if (!module.endsWith('/statecharts-page.tsx')) pages.add(module)
  }
  return pages.size > 1 ? 'pages' : null
}

/** A file of React Router's production build. */
const reactRouterBuild = (file: string) =>
  resolve(import.meta.dirname, 'node_modules/react-router/dist/production', file)

/** The app's modules: main.tsx imports them after React's, to run them in a task of their own. */
const APP = resolve(import.meta.dirname, 'src/app.tsx')

/** Panda's index files, which only re-export its recipes, patterns and helpers. */
const PANDA_INDEX = /[\\/]styled-system[\\/][^\\/]+[\\/]index\.mjs$/

/**
 * Whether `root` imports `id`, directly or through other modules, without a dynamic import. Not
 * through Panda's index files: the first page importing `button` from styled-system/recipes does
 * not make every recipe the app's (a lazy page's recipe stays with the lazy pages).
 */
function importedBy(root: string, id: string, graph: ModuleGraph): boolean {
  const seen = new Set<string>()
  const stack = [id]
  for (let module = stack.pop(); module !== undefined; module = stack.pop()) {
    if (module === root) return true
    if (seen.has(module) || (module !== id && PANDA_INDEX.test(module))) continue
    seen.add(module)
    stack.push(...(graph.getModuleInfo(module)?.importers ?? []))
  }
  return false
}

/**
 * A step on the client build's output folder (public/ included), once Vite has written it: at
 * writeBundle, or at closeBundle, which comes after every writeBundle.
 */
function onClientOutput(
  name: string,
  hook: 'writeBundle' | 'closeBundle',
  step: (outDir: string) => Promise<void>,
): Plugin {
  let outDir = ''
  return {
    name,
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    [hook]: () => step(outDir),
  }
}

/**
 * The demo drawings of public/ are served with their lettering as outlines: a browser lays out an
 * SVG image's text on the main thread for every image, and fills a path far sooner (see
 * server/media/outline-text.ts). Before precompress(), which compresses what this wrote.
 */
const outlineDrawings = () =>
  onClientOutput('outline-drawings', 'writeBundle', async (outDir) => {
    const fonts = loadDrawingFonts()
    const files = await readdir(join(outDir, 'images'), { recursive: true })
    await Promise.all(
      files
        .filter((file) => file.endsWith('.svg'))
        .map(async (file) => {
          const path = join(outDir, 'images', file)
          const svg = await readFile(path, 'utf8')
          if (svg.includes('<text')) await writeFile(path, outlineText(svg, fonts, file))
        }),
    )
  })

/**
 * Writes a brotli (best quality) and a gzip copy beside every text file of the client build
 * (public/ included), which the server sends as they are (@fastify/static's preCompressed):
 * compressing once here instead of on every request saves the server's time and, at quality 11
 * instead of the 4 a live answer can afford, some 10% of the bytes a phone downloads.
 */
const precompress = () =>
  onClientOutput('precompress', 'closeBundle', async (outDir) => {
    const files = await readdir(outDir, { recursive: true })
    await Promise.all(
      files
        .filter((file) => /\.(js|css|svg|json|txt|xml|webmanifest)$/.test(file))
        .map(async (file) => {
          const text = await readFile(join(outDir, file))
          if (text.length < 1024) return
          await writeFile(
            join(outDir, `${file}.br`),
            brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          )
          await writeFile(join(outDir, `${file}.gz`), gzipSync(text, { level: 9 }))
        }),
    )
  })

/**
 * The home-screen icons of the web app manifest, drawn from the favicon: the plain ones, and a
 * 'maskable' one whose mark sits inside the safe circle a phone's icon shape may cut to.
 */
const appIcons = () =>
  onClientOutput('app-icons', 'writeBundle', async (outDir) => {
    const favicon = await readFile(join(outDir, 'images', 'favicon.svg'))
    const icon = (size: number) =>
      sharp(favicon, { density: (72 * size) / 32 })
        .resize(size, size)
        .png()
    await icon(192).toFile(join(outDir, 'images', 'icon-192.png'))
    await icon(512).toFile(join(outDir, 'images', 'icon-512.png'))
    const mark = await icon(384).toBuffer()
    await sharp({
      create: { width: 512, height: 512, channels: 4, background: CLAY },
    })
      .composite([{ input: mark, top: 64, left: 64 }])
      .png()
      .toFile(join(outDir, 'images', 'icon-maskable-512.png'))
  })

/** The brand's clay (public/images/favicon.svg) and the page's paper (index.html's theme colour). */
const CLAY = '#c0602d'
const PAPER = '#fcfaf6'

/**
 * The service worker (src/service-worker/sw.ts, docs/decisions/027) with the list of the app's
 * code to keep on the phone, and the web app manifest. The app registers the worker itself, after
 * the first screen (src/app-update/app-update.tsx). Not the staff's statechart viewer (a third of
 * the code).
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    injectManifest: {
      globPatterns: ['assets/*.{js,css}', 'images/*.svg'],
      globIgnores: ['assets/elk*', 'assets/statecharts-page*'],
    },
    manifest: {
      name: 'Sixteen · Lagos',
      short_name: 'Sixteen',
      description:
        'Events, co-working and the print studio at Sixteen, Lagos, and the Friends of 16 members programme.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: PAPER,
      background_color: PAPER,
      icons: [
        { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/images/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
  })

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    pandaStaticClasses(),
    react(),
    outlineDrawings(),
    appIcons(),
    isSsrBuild ? [] : serviceWorker(),
    precompress(),
  ],
  resolve: {
    // @xstate/react asks for the shim of useSyncExternalStore (for React before 18): React 19
    // has it, and the package's own selector build uses it.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
      // React Router's package points every bundler at its development build.
      { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // The one stylesheet is the page's (the server inlines it), never a dependency of a lazy
    // page: split per chunk, the preload helper would fetch and apply it again on the first lazy
    // import (a second copy of every rule, and a recalculation of the page's style).
    cssCodeSplit: false,
    // Source maps are written (for error tracking) but no bundle points to them, and the server
    // never serves them: they hold the whole source.
    sourcemap: 'hidden',
    // The manifest lets the server preload a page's code with the HTML of that page.
    manifest: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // What a lazy page preloads as it loads, less what every page has before it: the entry,
      // the bundler's runtime and the app. Each name is bytes of the app.
      resolveDependencies: (_file, deps) =>
        deps.filter((dep) => !/^assets\/(index|app|rolldown-runtime)-/.test(dep)),
    },
    rollupOptions: {
      // What the first screen runs is one file per step of src/main.tsx (a file's modules run in
      // one task): the entry with React and its DOM, then the app. Each further file costs a
      // request before the page is interactive; the HTML preloads them at once. Lazy pages stay
      // apart.
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: (id, graph) => (importedBy(APP, id, graph) ? 'app' : null), priority: 2 },
            { name: sharedByPages, priority: 1 },
          ],
        },
      },
      // Panda's generated helpers and recipes only define things: a recipe nobody uses is not
      // shipped (the bundler cannot tell a top-level createRecipe() call is pure).
      treeshake: { moduleSideEffects: (id) => !/[\\/]styled-system[\\/].*\.mjs$/.test(id) },
    },
  },
  // The server renderer carries its dependencies, so it runs from any folder.
  ssr: { noExternal: true },
  environments: {
    ssr: {
      build: {
        manifest: false,
        // public/ is served from the app's build.
        copyPublicDir: false,
        // ES modules wherever the built folder lies (.mjs: no package.json needed beside it).
        rollupOptions: {
          output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
        },
      },
    },
  },
}))
