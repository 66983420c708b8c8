import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets the server preload a page's code with the HTML of that page.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
})
