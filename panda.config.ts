import { defineConfig } from '@pandacss/dev'
import { theme } from './src/theme'
import { focusOutline } from './src/theme/utilities'

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  theme,
  utilities: { extend: { focusOutline } },
  globalCss: {
    'html, body': { bg: 'canvas', color: 'fg.default', fontFamily: 'body' },
  },
  outdir: 'styled-system',
})
