import { defineRecipe } from '@pandacss/dev'

const sizes = ['7', '9', '10', '11', '16'] as const

/** A round badge holding a small mark, a number or initials (a step, a row's icon, a close ×). */
export const disc = defineRecipe({
  className: 'disc',
  base: { display: 'grid', placeItems: 'center', borderRadius: 'full' },
  variants: {
    size: Object.fromEntries(sizes.map((size) => [size, { boxSize: size }])),
  },
})
