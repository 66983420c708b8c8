import { defineConfig } from '@pandacss/dev'
import { theme } from './src/theme'

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  theme,
  globalCss: {
    'html, body': { bg: 'canvas', color: 'fg.default', fontFamily: 'body' },
  },
  outdir: 'styled-system',
})
