import { defineLayerStyles } from '@pandacss/dev'

// The surfaces the screens share: `css({ layerStyle: 'card', p: '5' })`.

export const layerStyles = defineLayerStyles({
  /** White, a sand border, rounded: the cards of lists, notices and forms. */
  card: {
    value: {
      backgroundColor: 'surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'l3',
    },
  },
  /** An image that fills its box, cropped rather than stretched. */
  cover: { value: { width: 'full', height: 'full', objectFit: 'cover' } },
})
