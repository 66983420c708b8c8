import { dialogAnatomy } from '@ark-ui/react/dialog'
import { defineSlotRecipe } from '@pandacss/dev'

// One panel, two shapes: a bottom drawer at 768 px or less, a centred modal above (spec).
export const panel = defineSlotRecipe({
  className: 'panel',
  slots: dialogAnatomy.extendWith('header', 'body', 'footer').keys(),
  base: {
    backdrop: {
      position: 'fixed', inset: '0', bg: 'rgba(26, 23, 19, 0.55)', zIndex: 'overlay',
      _open: { animation: 'fadeIn 0.2s ease-out' },
    },
    positioner: {
      position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex',
      alignItems: { base: 'flex-end', md: 'center' }, justifyContent: 'center',
      '@media (max-width: 768px)': { alignItems: 'flex-end' },
    },
    content: {
      bg: 'surface', width: 'full', maxW: { base: 'full', md: 'md' }, maxH: '90dvh', overflowY: 'auto',
      borderTopRadius: 'l3', borderBottomRadius: { base: '0', md: 'l3' }, boxShadow: '2xl', p: '6',
      outline: 'none',
      '@media (max-width: 768px)': { maxW: 'full', borderBottomRadius: '0', animation: 'slideUp 0.25s ease-out' },
      '@media (min-width: 769px)': { animation: 'fadeIn 0.2s ease-out' },
    },
    title: { fontFamily: 'display', fontSize: '2xl', fontWeight: 'semibold' },
    description: { color: 'fg.muted', fontSize: 'sm', mt: '1' },
    closeTrigger: { position: 'absolute', top: '3', right: '3' },
    header: { display: 'flex', flexDir: 'column', gap: '1', mb: '4', pr: '8' },
    body: { display: 'flex', flexDir: 'column', gap: '3' },
    footer: { display: 'flex', gap: '3', mt: '6', justifyContent: 'flex-end' },
  },
})
