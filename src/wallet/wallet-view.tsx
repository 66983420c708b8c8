import { Tabs } from '@ark-ui/react/tabs'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { topUpMachine } from '../../machines/top-up/machine'
import type { walletMachine } from '../../machines/wallet/machine'
import {
  funding,
  fundingNote,
  hasCommunityWallet,
  missingWalletText,
  transactionsOf,
  WALLET_TAB_LABELS,
  type WalletKind,
  walletOf,
} from '../../machines/wallet/selectors'
import { css } from '../../styled-system/css'
import { useLoadStates } from '../member-flow'
import { LoadStatus, MemberPage } from '../shared/member-page'
import { pillTabList, pillTabTrigger } from '../shared/pill-tabs'
import { Skeleton } from '../shared/skeleton'
import { WalletTopUpPanel } from '../top-up/wallet-top-up-panel'
import { WalletCard } from './wallet-card'
import { WalletFundingBar } from './wallet-funding-bar'

/** /profile/wallet's screen: the wallet (one, or two in tabs), its action bar, the top-up panel. */
export function WalletView({
  walletRef,
  topUpRef,
}: {
  walletRef: ActorRefFrom<typeof walletMachine>
  topUpRef: ActorRefFrom<typeof topUpMachine>
}) {
  const load = useLoadStates(walletRef)
  const ready = useSelector(walletRef, (s) => s.matches('ready'))
  const tab: WalletKind = useSelector(walletRef, (s) =>
    s.matches({ ready: { tab: 'community' } }) ? 'community' : 'personal',
  )
  const hidden = useSelector(walletRef, (s) => !s.matches({ ready: { balance: 'shown' } }))
  const ctx = useSelector(walletRef, (s) => s.context)
  const funds = funding(ctx)

  const walletCard = (kind: WalletKind) => (
    <WalletCard
      kind={kind}
      wallet={walletOf(ctx, kind)}
      transactions={transactionsOf(ctx, kind)}
      hidden={hidden}
      openTransaction={ctx.openTransaction}
      onToggleBalance={() => walletRef.send({ type: hidden ? 'balance.shown' : 'balance.hidden' })}
      onToggleTransaction={(id) => walletRef.send({ type: 'transaction.toggled', id })}
    />
  )

  return (
    <MemberPage title="Wallet" back="/profile" lead="Your balance, top-ups and what you spent.">
      <section aria-label="Wallet" aria-busy={load.loading}>
        <LoadStatus
          {...load}
          what="your wallet"
          skeleton={<WalletSkeleton />}
          onRetry={() => walletRef.send({ type: 'wallet.retried' })}
        />
        {ready && hasCommunityWallet(ctx) && (
          <Tabs.Root
            value={tab}
            onValueChange={(details) =>
              walletRef.send({
                type: details.value === 'community' ? 'communityTab.chosen' : 'personalTab.chosen',
              })
            }
            lazyMount
            unmountOnExit
          >
            <Tabs.List aria-label="Wallets" className={pillTabList}>
              {(['personal', 'community'] as const).map((value) => (
                <Tabs.Trigger key={value} value={value} className={pillTabTrigger}>
                  {WALLET_TAB_LABELS[value]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="personal">{walletCard('personal')}</Tabs.Content>
            <Tabs.Content value="community">{walletCard('community')}</Tabs.Content>
          </Tabs.Root>
        )}
        {ready && !hasCommunityWallet(ctx) && (
          <>
            {walletCard('personal')}
            <p className={css({ mt: '4', fontSize: 'sm', color: 'fg.muted' })}>
              {missingWalletText('community')}
            </p>
          </>
        )}
      </section>
      {ready && (
        <WalletFundingBar
          funding={funds}
          note={fundingNote(funds, tab)}
          onFund={(walletId) => topUpRef.send({ type: 'topUp.opened', walletId })}
        />
      )}
      <WalletTopUpPanel topUpRef={topUpRef} />
    </MemberPage>
  )
}

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
