import { useId } from 'react'
import type { WalletTransaction } from '../../machines/wallet/machine'
import {
  type TransactionLine,
  transactionLine,
  transactionsLabel,
  type WalletKind,
} from '../../machines/wallet/selectors'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { disc } from '../../styled-system/recipes'
import { LineIcon } from '../shared/line-icons'
import { card, cardRow } from '../shared/member-page'

/** A wallet's transactions: a scrolling list whose rows open to their details, one at a time. */
export function WalletTransactions({
  kind,
  transactions,
  currency,
  openTransaction,
  onToggleTransaction,
}: {
  kind: WalletKind
  transactions: WalletTransaction[]
  currency: string
  openTransaction: string | null
  onToggleTransaction: (id: string) => void
}) {
  return (
    <section aria-labelledby={`transactions-${kind}`}>
      <h2 id={`transactions-${kind}`} className={css({ textStyle: 'smallCaps', mb: '3' })}>
        Transactions
      </h2>
      {transactions.length === 0 ? (
        <p
          className={cx(
            card,
            css({ px: '5', py: '6', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' }),
          )}
        >
          No transactions found
        </p>
      ) : (
        <ul
          className={cx(
            card,
            css({
              listStyle: 'none',
              maxH: '400px',
              overflowY: 'auto',
              overscrollBehavior: 'contain',
            }),
          )}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard
          tabIndex={0}
          aria-label={transactionsLabel(kind)}
        >
          {transactions.map((transaction) => (
            <TransactionRow
              key={transaction._id}
              line={transactionLine(transaction, currency)}
              open={openTransaction === transaction._id}
              onToggle={() => onToggleTransaction(transaction._id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function TransactionRow({
  line,
  open,
  onToggle,
}: {
  line: TransactionLine
  open: boolean
  onToggle: () => void
}) {
  const detailsId = useId()
  return (
    <li className={cx(cardRow, css({ py: '4' }))}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        <span
          role="img"
          aria-label={line.kindLabel}
          className={cx(
            cx(disc({ size: '10' }), css({ flexShrink: '0' })),
            line.credit
              ? css({ bg: 'success.subtle', color: 'success.default' })
              : css({ bg: 'berry.50', color: 'berry.600' }),
          )}
        >
          <LineIcon size={18} strokeWidth="2.2">
            <path d={line.credit ? 'M17 7L7 17M7 9v8h8' : 'M7 17L17 7M9 7h8v8'} />
          </LineIcon>
        </span>
        <div className={css({ flex: '1', minW: '0' })}>
          <p
            // The whole name, on two lines where it must: 'Co-working at The Garden Room' is
            // what the money went on.
            className={css({
              fontWeight: 'semibold',
              lineHeight: 'snug',
              overflowWrap: 'break-word',
            })}
          >
            {line.narration}
          </p>
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={detailsId}
            className={css({
              fontSize: 'sm',
              color: 'accent.default',
              fontWeight: 'semibold',
              cursor: 'pointer',
              mt: '0.5',
              _hover: { textDecoration: 'underline' },
              focusOutline: 'flush',
            })}
          >
            {open ? 'Hide details' : 'Show details'}
          </button>
        </div>
        <span
          className={cx(
            css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', flexShrink: '0' }),
            line.credit ? css({ color: 'success.default' }) : css({ color: 'fg.default' }),
          )}
        >
          {line.signedAmount}
        </span>
      </div>
      {open && (
        <dl
          id={detailsId}
          className={grid({
            gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            gap: '3',
            mt: '3',
            ml: { base: '0', sm: '13' },
            p: '3',
            borderRadius: 'l2',
            bg: 'sand.100',
          })}
        >
          <Detail label="Transaction ID" value={line.id} mono />
          <Detail label="Account" value={line.account} />
          <Detail label="Date" value={line.date} />
          <Detail label="Note" value={line.note} />
        </dl>
      )}
    </li>
  )
}

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className={css({ minW: '0' })}>
      <dt className={css({ textStyle: 'smallCaps' })}>{label}</dt>
      <dd
        className={css({
          fontSize: 'sm',
          mt: '0.5',
          overflowWrap: 'anywhere',
          ...(mono ? { fontFamily: 'mono' } : {}),
        })}
      >
        {value}
      </dd>
    </div>
  )
}
