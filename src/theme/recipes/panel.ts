import { dialogAnatomy } from '@ark-ui/react/dialog'
import { defineSlotRecipe } from '@pandacss/dev'

// One panel, two shapes (spec): a bottom drawer at 768 px wide or less, a centred modal above.
// Raw media queries, because Panda's `md` starts at 768 px and the spec puts 768 on the drawer side.
const drawer = '@media (max-width: 768px)'
const modal = '@media (min-width: 769px)'

export const panel = defineSlotRecipe({
  className: 'panel',
  slots: dialogAnatomy.extendWith('header', 'body', 'footer').keys(),
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      bg: 'rgba(26, 23, 19, 0.55)',
      zIndex: 'overlay',
      _open: { animation: 'fadeIn 0.2s ease-out' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      justifyContent: 'center',
      [drawer]: { alignItems: 'flex-end' },
      [modal]: { alignItems: 'center', p: '6' },
    },
    content: {
      position: 'relative',
      bg: 'surface',
      width: 'full',
      maxH: '90dvh',
      overflowY: 'auto',
      boxShadow: '2xl',
      p: '6',
      outline: 'none',
      [drawer]: {
        borderTopRadius: 'l3',
        pb: 'max(token(spacing.6), env(safe-area-inset-bottom))',
        _open: { animation: 'slideUp 0.25s ease-out' },
      },
      [modal]: { maxW: 'md', borderRadius: 'l3', _open: { animation: 'fadeIn 0.2s ease-out' } },
    },
    title: { fontFamily: 'display', fontSize: '2xl', fontWeight: 'semibold', lineHeight: 'tight' },
    description: { color: 'fg.muted', fontSize: 'sm' },
    closeTrigger: { position: 'absolute', top: '3', right: '3' },
    header: { display: 'flex', flexDir: 'column', gap: '1', mb: '5', pr: '10' },
    body: { display: 'flex', flexDir: 'column', gap: '3' },
    footer: { display: 'flex', gap: '3', mt: '6', justifyContent: 'flex-end' },
  },
})
