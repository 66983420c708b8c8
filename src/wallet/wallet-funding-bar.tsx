import { Link } from 'react-router-dom'
import type { Funding } from '../../machines/wallet/selectors'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { StickyActionBar } from '../shared/action-bar'

const barNote = css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })

/**
 * The wallet's one action: Fund Wallet for an active member (greyed while there is no personal
 * wallet), or a greyed 'Wallet suspended' saying why and where to activate the membership.
 */
export function WalletFundingBar({
  funding,
  note,
  onFund,
}: {
  funding: Funding
  /** Said beside the button ('Top-ups go to your personal wallet.'). */
  note: string | null
  onFund: (walletId: string) => void
}) {
  return (
    <StickyActionBar css={{ mt: { md: '8' } }}>
      <div
        className={flex({
          direction: { base: 'column', sm: 'row' },
          align: { base: 'stretch', sm: 'center' },
          gap: { base: '2', sm: '4' },
          maxW: '2xl',
          mx: 'auto',
        })}
      >
        {funding.kind === 'suspended' ? (
          <>
            <button
              type="button"
              disabled
              aria-describedby="wallet-suspended-reason"
              className={cx(
                button({ size: 'lg' }),
                css({
                  minW: { sm: '44' },
                  _disabled: { opacity: 1, bg: 'sand.200', color: 'fg.muted' },
                }),
              )}
            >
              Wallet suspended
            </button>
            <p id="wallet-suspended-reason" className={barNote}>
              Your membership is inactive.{' '}
              <Link
                to="/profile/payment"
                className={css({ color: 'accent.default', fontWeight: 'semibold' })}
              >
                Activate it
              </Link>{' '}
              to fund your wallet.
            </p>
          </>
        ) : (
          <>
            <button
              type="button"
              aria-haspopup="dialog"
              disabled={funding.kind !== 'open'}
              onClick={() => funding.kind === 'open' && onFund(funding.walletId)}
              className={cx(button({ size: 'lg' }), css({ minW: { sm: '44' } }))}
            >
              Fund Wallet
            </button>
            {note && <p className={barNote}>{note}</p>}
          </>
        )}
      </div>
    </StickyActionBar>
  )
}
