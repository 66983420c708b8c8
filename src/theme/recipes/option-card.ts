import { defineRecipe } from '@pandacss/dev'

/** A link offered among a few others (a way to contact us, a way to apply): a bordered row. */
export const optionCard = defineRecipe({
  className: 'optionCard',
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '4',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'surface',
    color: 'fg.default',
    textDecoration: 'none',
    transition: 'background 0.15s, border-color 0.15s',
    _hover: { bg: 'sand.50', borderColor: 'sand.300' },
    focusOutline: 'outside',
  },
})
