import { formatMinor } from '../../machines/rules/money'
import type { Wallet, WalletTransaction } from '../../machines/wallet/machine'
import { missingWalletText, type WalletKind, walletCaption } from '../../machines/wallet/selectors'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { EyeIcon } from '../shared/line-icons'
import { card } from '../shared/member-page'
import { WalletTransactions } from './wallet-transactions'

/** One wallet: its balance (hidden or shown), then its transactions. */
export function WalletCard({
  kind,
  wallet,
  transactions,
  hidden,
  openTransaction,
  onToggleBalance,
  onToggleTransaction,
}: {
  kind: WalletKind
  wallet: Wallet | null
  transactions: WalletTransaction[]
  hidden: boolean
  openTransaction: string | null
  onToggleBalance: () => void
  onToggleTransaction: (id: string) => void
}) {
  if (!wallet) {
    return (
      <div className={cx(card, css({ px: '5', py: '8', textAlign: 'center' }))}>
        <p className={css({ fontWeight: 'semibold' })}>{missingWalletText(kind)}</p>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
          Try again in a moment, or contact us if this stays.
        </p>
      </div>
    )
  }
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '6' })}>
      <BalanceCard
        balance={formatMinor(wallet.Balance, wallet.Currency)}
        caption={walletCaption(kind, wallet)}
        hidden={hidden}
        onToggle={onToggleBalance}
      />
      <WalletTransactions
        kind={kind}
        transactions={transactions}
        currency={wallet.Currency}
        openTransaction={openTransaction}
        onToggleTransaction={onToggleTransaction}
      />
    </div>
  )
}

/** The dark card of the balance, with its Show/Hide button. */
function BalanceCard({
  balance,
  caption,
  hidden,
  onToggle,
}: {
  balance: string
  caption: string
  hidden: boolean
  onToggle: () => void
}) {
  return (
    <div
      className={css({
        layerStyle: 'inverse',
        borderRadius: 'l3',
        px: { base: '5', md: '7' },
        py: { base: '6', md: '7' },
        boxShadow: 'lg',
      })}
    >
      <div className={flex({ align: 'center', justify: 'space-between', gap: '3' })}>
        <p
          className={css({
            fontSize: 'sm',
            letterSpacing: 'wide',
            color: 'rgba(255,255,255,0.72)',
          })}
        >
          Available balance
        </p>
        <button
          type="button"
          onClick={onToggle}
          aria-pressed={!hidden}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '1.5',
            h: '9',
            px: '3',
            borderRadius: 'full',
            fontSize: 'sm',
            fontWeight: 'semibold',
            color: 'white',
            bg: 'rgba(255,255,255,0.12)',
            cursor: 'pointer',
            _hover: { bg: 'rgba(255,255,255,0.2)' },
            _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
          })}
        >
          <EyeIcon off={!hidden} size={16} />
          {hidden ? 'Show' : 'Hide'}
          <span className={css({ srOnly: true })}> balance</span>
        </button>
      </div>
      <p
        className={css({ textStyle: 'display.page', mt: '2', fontVariantNumeric: 'tabular-nums' })}
      >
        {hidden ? (
          <>
            <span aria-hidden>******</span>
            <span className={css({ srOnly: true })}>Balance hidden</span>
          </>
        ) : (
          balance
        )}
      </p>
      <p className={css({ fontSize: 'sm', color: 'rgba(255,255,255,0.72)', mt: '1' })}>{caption}</p>
    </div>
  )
}
