import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { appUpdateMachine } from '../../machines/app-update/machine'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'

/** 'A new version is ready', at the foot of the screen, until the person reloads or puts it off. */
export function UpdateNotice({ actorRef }: { actorRef: ActorRefFrom<typeof appUpdateMachine> }) {
  const shown = useSelector(actorRef, (s) => s.matches('ready') || s.matches('activating'))
  const activating = useSelector(actorRef, (s) => s.matches('activating'))
  if (!shown) return null
  return (
    <div
      role="status"
      className={css({
        // Across the foot of a phone's screen, over the promo strip; a card in a corner on a desk.
        position: 'fixed',
        left: { base: '0', md: 'auto' },
        right: { base: '0', md: '6' },
        bottom: { base: '0', md: '6' },
        zIndex: 'toast',
        maxW: { md: 'sm' },
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '3',
        px: '4',
        pt: '4',
        pb: { base: 'max(1rem, env(safe-area-inset-bottom))', md: '4' },
        borderTopRadius: 'l3',
        borderBottomRadius: { base: '0', md: 'l3' },
        layerStyle: 'inverse',
        boxShadow: 'lg',
      })}
    >
      <p className={css({ flex: '1 1 12rem', fontSize: 'sm' })}>
        A new version of the app is ready.
      </p>
      <div className={css({ display: 'flex', gap: '2' })}>
        <button
          type="button"
          className={cx(button({ variant: 'ghost', size: 'sm' }), css({ color: 'inherit' }))}
          disabled={activating}
          onClick={() => actorRef.send({ type: 'update.dismissed' })}
        >
          Later
        </button>
        <button
          type="button"
          className={button({ size: 'sm' })}
          disabled={activating}
          onClick={() => actorRef.send({ type: 'update.accepted' })}
        >
          {activating ? 'Updating…' : 'Reload'}
        </button>
      </div>
    </div>
  )
}
