import { defineRecipe } from '@pandacss/dev'

/** A page's buttons: stacked full-width on phones, side by side from 640 px. */
export const buttonRow = defineRecipe({
  className: 'button-row',
  base: {
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    flexWrap: 'wrap',
    gap: '3',
  },
})
