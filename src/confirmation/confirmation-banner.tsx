import { css, cx } from '../../styled-system/css'
import { disc } from '../../styled-system/recipes'
import { CheckMark } from '../shared/check-mark'

/**
 * The success banner of a confirmation page ('Registered', 'Booked'), shown while `visible` (the
 * confirmation machine's 'bannerVisible' tag: 6 s). It sits in the page, first in its main, in a
 * space kept for it: it covers nothing, and nothing moves when it goes. The live region stays in
 * the page so screen readers announce the word when it appears.
 */
export function ConfirmationBanner({ visible, text }: { visible: boolean; text: string }) {
  return (
    <div
      role="status"
      className={css({
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        minH: '16',
        py: '2',
      })}
    >
      {visible && (
        <p
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2.5',
            maxW: 'full',
            pl: '2',
            pr: '5',
            py: '2',
            borderRadius: 'full',
            bg: 'palm.600',
            color: 'white',
            fontWeight: 'semibold',
            fontSize: 'md',
            boxShadow: '0 10px 30px -10px rgba(27, 80, 56, 0.6)',
            animation: 'fadeIn 0.3s ease-out',
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          })}
        >
          <span
            aria-hidden
            className={cx(
              disc({ size: '7' }),
              css({ flexShrink: 0, bg: 'rgba(255, 255, 255, 0.18)' }),
            )}
          >
            <CheckMark size={16} strokeWidth={2.5} />
          </span>
          {text}
        </p>
      )}
    </div>
  )
}
