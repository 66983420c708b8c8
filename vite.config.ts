import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // Source maps are written (for error tracking) but no bundle points to them, and the server
    // never serves them: they hold the whole source.
    sourcemap: 'hidden',
    // The manifest lets the server preload a page's code with the HTML of that page.
    manifest: true,
  },
})
