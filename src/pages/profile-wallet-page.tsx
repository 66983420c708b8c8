import { Tabs } from '@ark-ui/react/tabs'
import { useActorRef, useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { isActiveStatus } from '../../machines/rules/membership'
import { formatMinor, formatNaira } from '../../machines/rules/money'
import { paymentMoment } from '../../machines/rules/profile'
import { MIN_TOPUP } from '../../machines/rules/topup'
import { topUpActors } from '../../machines/top-up/actors'
import { topUpMachine } from '../../machines/top-up/machine'
import { walletActors } from '../../machines/wallet/actors'
import { type Wallet, type WalletTransaction, walletMachine } from '../../machines/wallet/machine'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api, sessionExpiry } from '../api'
import { StickyActionBar } from '../components/action-bar'
import { Field, textInput } from '../components/form-fields'
import { EyeIcon } from '../components/line-icons'
import { card, LoadNotice, MemberPage } from '../components/member-page'
import { smallCaps } from '../components/page-styles'
import { FormPanel } from '../components/panel'
import { PaymentReturn } from '../components/payment-return'
import { Skeleton } from '../components/skeleton'
import { showLiveFlow } from '../live-flows'
import { pageOrigin, storage } from '../storage'

/**
 * /profile/wallet: the personal (and community) wallet, its balance and transactions, and the
 * top-up. The card provider sends a top-up back here with `?reference=`: the payment is settled
 * first, then the wallet is read, with the new balance.
 */
export default function ProfileWalletPage() {
  return (
    <PaymentReturn back={{ to: '/profile/wallet', label: 'Back to your wallet' }}>
      <WalletScreen />
    </PaymentReturn>
  )
}

function WalletScreen() {
  const [stored] = useState(() => ({
    balanceHidden: storage.get('isBalanceHidden') !== 'false',
    userId: storage.get('userID') ?? '',
    email: storage.get('userEmail') ?? '',
    name: storage.get('userName') ?? '',
  }))
  const walletRef = useActorRef(
    walletMachine.provide({
      actors: walletActors(api),
      actions: {
        notifySessionExpired: () => sessionExpiry.send({ type: 'session.expired' }),
        rememberBalanceHidden: (_, { hidden }) =>
          storage.set('isBalanceHidden', hidden ? 'true' : 'false'),
        logError: (_, { error }) => console.warn('Could not load the wallet', error),
      },
    }),
    { input: { balanceHidden: stored.balanceHidden }, inspect: showLiveFlow },
  )
  const topUpRef = useActorRef(
    topUpMachine.provide({
      actors: topUpActors(api),
      actions: {
        redirectToProvider: (_, { url }) => window.location.assign(url),
        notifySessionExpired: () => sessionExpiry.send({ type: 'session.expired' }),
        logError: (_, { error }) => console.error('Could not start the top-up', error),
      },
    }),
    {
      input: {
        userId: stored.userId,
        email: stored.email,
        name: stored.name,
        callbackUrl: `${pageOrigin()}/profile/wallet`,
      },
      inspect: showLiveFlow,
    },
  )
  return <WalletView walletRef={walletRef} topUpRef={topUpRef} />
}

export function WalletView({
  walletRef,
  topUpRef,
}: {
  walletRef: ActorRefFrom<typeof walletMachine>
  topUpRef: ActorRefFrom<typeof topUpMachine>
}) {
  const loading = useSelector(walletRef, (s) => s.hasTag('busy'))
  const failed = useSelector(walletRef, (s) => s.matches('failed'))
  const expired = useSelector(walletRef, (s) => s.matches('sessionExpired'))
  const ready = useSelector(walletRef, (s) => s.matches('ready'))
  const tab = useSelector(walletRef, (s) =>
    s.matches({ ready: { tab: 'community' } }) ? 'community' : 'personal',
  )
  const hidden = useSelector(walletRef, (s) => !s.matches({ ready: { balance: 'shown' } }))
  const ctx = useSelector(walletRef, (s) => s.context)
  const hasCommunity = ctx.communityWallets.length > 0
  const active = isActiveStatus(ctx.status)

  const walletCard = (kind: 'personal' | 'community') => (
    <WalletCard
      kind={kind}
      wallet={kind === 'personal' ? ctx.userWallet : (ctx.communityWallets[0] ?? null)}
      transactions={kind === 'personal' ? ctx.personal : ctx.community}
      hidden={hidden}
      openTransaction={ctx.openTransaction}
      onToggleBalance={() => walletRef.send({ type: hidden ? 'balance.shown' : 'balance.hidden' })}
      onToggleTransaction={(id) => walletRef.send({ type: 'transaction.toggled', id })}
    />
  )

  return (
    <MemberPage title="Wallet" back="/profile" lead="Your balance, top-ups and what you spent.">
      <section aria-label="Wallet" aria-busy={loading}>
        {loading && <WalletSkeleton />}
        {failed && (
          <LoadNotice
            kind="failed"
            what="your wallet"
            onRetry={() => walletRef.send({ type: 'wallet.retry' })}
          />
        )}
        {expired && <LoadNotice kind="expired" what="your wallet" />}
        {ready && hasCommunity && (
          <Tabs.Root
            value={tab}
            onValueChange={(details) =>
              walletRef.send({
                type: details.value === 'community' ? 'tab.community' : 'tab.personal',
              })
            }
            lazyMount
            unmountOnExit
          >
            <Tabs.List
              aria-label="Wallets"
              className={css({
                display: 'inline-flex',
                p: '1',
                gap: '1',
                bg: 'sand.100',
                borderRadius: 'full',
                mb: '5',
              })}
            >
              {(['personal', 'community'] as const).map((value) => (
                <Tabs.Trigger key={value} value={value} className={tabTrigger}>
                  {value === 'personal' ? 'Personal' : 'Community'}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="personal">{walletCard('personal')}</Tabs.Content>
            <Tabs.Content value="community">{walletCard('community')}</Tabs.Content>
          </Tabs.Root>
        )}
        {ready && !hasCommunity && (
          <>
            {walletCard('personal')}
            <p className={css({ mt: '4', fontSize: 'sm', color: 'fg.muted' })}>
              No community wallet information available
            </p>
          </>
        )}
      </section>
      {ready && (
        <StickyActionBar css={{ mt: { md: '8' } }}>
          <div
            className={css({
              display: 'flex',
              flexDir: { base: 'column', sm: 'row' },
              alignItems: { base: 'stretch', sm: 'center' },
              gap: { base: '2', sm: '4' },
              maxW: '2xl',
              mx: 'auto',
            })}
          >
            {active ? (
              <button
                type="button"
                aria-haspopup="dialog"
                disabled={!ctx.userWallet}
                onClick={() =>
                  ctx.userWallet &&
                  topUpRef.send({ type: 'topUp.opened', walletId: ctx.userWallet.id })
                }
                className={cx(button({ size: 'lg' }), css({ minW: { sm: '44' } }))}
              >
                Fund Wallet
              </button>
            ) : null}
            {active && tab === 'community' && (
              <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>
                Top-ups go to your personal wallet.
              </p>
            )}
            {active ? null : (
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
                <p
                  id="wallet-suspended-reason"
                  className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}
                >
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
            )}
          </div>
        </StickyActionBar>
      )}
      <TopUpPanel topUpRef={topUpRef} />
    </MemberPage>
  )
}

const tabTrigger = css({
  px: '5',
  h: '10',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.muted',
  cursor: 'pointer',
  _selected: { bg: 'surface', color: 'fg.default', boxShadow: 'sm' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
})

function WalletSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your wallet"
      className={css({ display: 'grid', gap: '4' })}
    >
      <Skeleton className={css({ h: '36', w: 'full', borderRadius: 'l3' })} />
      <Skeleton className={css({ h: '5', w: '32' })} />
      <Skeleton className={css({ h: '16', w: 'full' })} />
      <Skeleton className={css({ h: '16', w: 'full' })} />
    </div>
  )
}

function WalletCard({
  kind,
  wallet,
  transactions,
  hidden,
  openTransaction,
  onToggleBalance,
  onToggleTransaction,
}: {
  kind: 'personal' | 'community'
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
        <p className={css({ fontWeight: 'semibold' })}>
          {kind === 'personal'
            ? 'No user wallet information available'
            : 'No community wallet information available'}
        </p>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
          Try again in a moment, or contact us if this stays.
        </p>
      </div>
    )
  }
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '6' })}>
      <div
        className={css({
          borderRadius: 'l3',
          px: { base: '5', md: '7' },
          py: { base: '6', md: '7' },
          bg: 'ink.900',
          color: 'white',
          boxShadow: 'lg',
        })}
      >
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '3',
          })}
        >
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
            onClick={onToggleBalance}
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
          className={css({
            fontFamily: 'display',
            fontSize: { base: '4xl', md: '5xl' },
            lineHeight: 'tight',
            mt: '2',
            fontVariantNumeric: 'tabular-nums',
          })}
        >
          {hidden ? (
            <>
              <span aria-hidden>******</span>
              <span className={css({ srOnly: true })}>Balance hidden</span>
            </>
          ) : (
            formatMinor(wallet.Balance, wallet.Currency)
          )}
        </p>
        <p className={css({ fontSize: 'sm', color: 'rgba(255,255,255,0.72)', mt: '1' })}>
          {kind === 'personal'
            ? 'Personal wallet'
            : `Community wallet${wallet.Name ? ` · ${wallet.Name}` : ''}`}
        </p>
      </div>

      <section aria-labelledby={`transactions-${kind}`}>
        <h2 id={`transactions-${kind}`} className={css(smallCaps, { mb: '3' })}>
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
            aria-label={`${kind === 'personal' ? 'Personal' : 'Community'} wallet transactions`}
          >
            {transactions.map((transaction) => (
              <TransactionRow
                key={transaction._id}
                transaction={transaction}
                currency={wallet.Currency}
                open={openTransaction === transaction._id}
                onToggle={() => onToggleTransaction(transaction._id)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function TransactionRow({
  transaction,
  currency,
  open,
  onToggle,
}: {
  transaction: WalletTransaction
  currency: string
  open: boolean
  onToggle: () => void
}) {
  const detailsId = useId()
  const credit = transaction.action === 'credit'
  const amount = formatMinor(Math.abs(transaction.difference), currency)
  return (
    <li
      className={css({
        px: { base: '4', md: '5' },
        py: '4',
        borderBottomWidth: '1px',
        borderColor: 'border',
        _last: { borderBottomWidth: '0' },
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        <span
          role="img"
          aria-label={credit ? 'Credit' : 'Debit'}
          className={cx(
            css({
              display: 'grid',
              placeItems: 'center',
              w: '10',
              h: '10',
              flexShrink: '0',
              borderRadius: 'full',
            }),
            credit
              ? css({ bg: 'success.subtle', color: 'success.default' })
              : css({ bg: 'berry.50', color: 'berry.600' }),
          )}
        >
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden
          >
            <path d={credit ? 'M17 7L7 17M7 9v8h8' : 'M7 17L17 7M9 7h8v8'} />
          </svg>
        </span>
        <div className={css({ flex: '1', minW: '0' })}>
          <p
            className={css({
              fontWeight: 'semibold',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            })}
          >
            {transaction.narration?.trim() || 'No Description'}
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
              _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' },
            })}
          >
            {open ? 'Hide details' : 'Show details'}
          </button>
        </div>
        <span
          className={cx(
            css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', flexShrink: '0' }),
            credit ? css({ color: 'success.default' }) : css({ color: 'fg.default' }),
          )}
        >
          {credit ? '+' : '−'}
          {amount}
        </span>
      </div>
      {open && (
        <dl
          id={detailsId}
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            gap: '3',
            mt: '3',
            ml: { base: '0', sm: '13' },
            p: '3',
            borderRadius: 'l2',
            bg: 'sand.100',
          })}
        >
          <Detail label="Transaction ID" value={transaction._id} mono />
          <Detail label="Account" value={transaction.actor ?? '—'} />
          <Detail label="Date" value={paymentMoment(transaction.createdAt)} />
          <Detail label="Note" value={transaction.note?.trim() || '—'} />
        </dl>
      )}
    </li>
  )
}

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className={css({ minW: '0' })}>
      <dt className={css(smallCaps)}>{label}</dt>
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

function TopUpPanel({ topUpRef }: { topUpRef: ActorRefFrom<typeof topUpMachine> }) {
  const id = useId()
  const open = useSelector(topUpRef, (s) => s.matches('open') || s.matches('redirecting'))
  const busy = useSelector(topUpRef, (s) => s.hasTag('busy'))
  const amountText = useSelector(topUpRef, (s) => s.context.amountText)
  const error = useSelector(topUpRef, (s) => s.context.error)
  const canSubmit = useSelector(topUpRef, (s) => s.can({ type: 'topUp.submitted' }))
  const tooSmall = amountText !== '' && !canSubmit && !busy
  return (
    <FormPanel
      open={open}
      busy={busy}
      canSubmit={canSubmit}
      submitLabel="Top Up"
      onSubmit={() => topUpRef.send({ type: 'topUp.submitted' })}
      onClose={() => topUpRef.send({ type: 'topUp.closed' })}
      title="Fund Wallet"
      description="Top up your personal wallet by card, in naira."
      error={error}
    >
      <Field label="Amount" htmlFor={`${id}-amount`}>
        <div className={css({ position: 'relative' })}>
          <span
            aria-hidden
            className={css({
              position: 'absolute',
              left: '4',
              top: '50%',
              transform: 'translateY(-50%)',
              color: 'fg.muted',
              fontWeight: 'semibold',
            })}
          >
            ₦
          </span>
          <input
            id={`${id}-amount`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="5,000"
            value={amountText}
            disabled={busy}
            aria-describedby={`${id}-hint`}
            aria-invalid={tooSmall || undefined}
            onChange={(event) =>
              topUpRef.send({ type: 'amount.changed', text: event.target.value })
            }
            className={cx(
              textInput,
              css({ pl: '9', fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' }),
            )}
          />
        </div>
        <p
          id={`${id}-hint`}
          className={css({ fontSize: 'sm', color: tooSmall ? 'berry.600' : 'fg.muted' })}
        >
          {tooSmall
            ? `The smallest top-up is ${formatNaira(MIN_TOPUP)}.`
            : `Minimum ${formatNaira(MIN_TOPUP)}.`}
        </p>
      </Field>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        Our payment provider charges a small fee per top up.
      </p>
    </FormPanel>
  )
}
