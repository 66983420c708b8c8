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
  /** A row of a list with a sand line under it (the rows of a card, a table's lines). */
  divided: { value: { borderBottomWidth: '1px', borderColor: 'border' } },
  /** A block with a sand line above it, parting it from what comes before. */
  ruled: { value: { borderTopWidth: '1px', borderColor: 'border' } },
  /** The dark band in ink with white letters (the 'Questions?' band, the wallet, notices). */
  inverse: { value: { backgroundColor: 'ink.900', color: 'white' } },
  /** A warm clay panel set apart from the page (how to visit, the studio's books). */
  callout: {
    value: {
      backgroundColor: 'clay.50',
      borderWidth: '1px',
      borderColor: 'clay.100',
      borderRadius: 'l3',
    },
  },
  /** An image that fills its box, cropped rather than stretched. */
  cover: { value: { width: 'full', height: 'full', objectFit: 'cover' } },
})
