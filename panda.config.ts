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
    // A phone's page with an action bar fixed to its bottom (src/shared/action-bar.tsx): what
    // the browser scrolls into view (a field focused, a button tabbed to) stops above the bar.
    'html:has([data-sticky-bar])': { scrollPaddingBottom: { base: '7rem', md: '0' } },
  },
  outdir: 'styled-system',
})
