import { css } from '../../styled-system/css'

/**
 * A row inside a card (a list's rows, a card's header): the card's side padding and a line under
 * every row but the last.
 */
export const cardRow = css({
  layerStyle: 'divided',
  _last: { borderBottomWidth: '0' },
  px: { base: '4', md: '5' },
})
