import { defineRecipe } from '@pandacss/dev'

const widths = ['md', '2xl', '3xl', '4xl', '5xl', '6xl'] as const

/**
 * A page's centred column with its side padding: `6xl` is as wide as the header, the narrower ones
 * are readable columns (forms, member pages, login).
 */
export const column = defineRecipe({
  className: 'column',
  base: { mx: 'auto', px: { base: '4', md: '8' } },
  variants: {
    width: Object.fromEntries(widths.map((width) => [width, { maxW: width }])),
  },
  defaultVariants: { width: '6xl' },
})
