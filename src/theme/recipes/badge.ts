import { defineRecipe } from '@pandacss/dev'

export const badge = defineRecipe({
  className: 'badge',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'full',
    fontWeight: 'semibold',
    fontSize: 'xs',
    px: '2.5',
    h: '6',
    letterSpacing: 'wide',
    textTransform: 'uppercase',
  },
  variants: {
    tone: {
      paid: { bg: 'clay.100', color: 'clay.800' },
      free: { bg: 'palm.100', color: 'palm.700' },
      neutral: { bg: 'sand.200', color: 'ink.700' },
      danger: { bg: 'berry.50', color: 'berry.600' },
    },
  },
  defaultVariants: { tone: 'neutral' },
})
