import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { topUpActors } from '../../machines/top-up/actors'
import { topUpMachine } from '../../machines/top-up/machine'
import { walletActors } from '../../machines/wallet/actors'
import { walletMachine } from '../../machines/wallet/machine'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { memberFlowEffects } from '../member-flow'
import { afterPayment } from '../payment-return/payment-return'
import { pageOrigin, storage } from '../storage'
import { WalletView } from './wallet-view'

/**
 * /profile/wallet: the personal (and community) wallet, its balance and transactions, and the
 * top-up. The card provider sends a top-up back here with `?reference=`: the payment is settled
 * first, then the wallet is read, with the new balance.
 */
export default afterPayment(
  { to: '/profile/wallet', label: 'Back to your wallet' },
  WalletScreen,
  'top-up',
)

/** Starts the wallet and top-up flows with what storage remembers, and their browser effects. */
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
        ...memberFlowEffects('Could not load the wallet'),
        rememberBalanceHidden: (_, { hidden }) =>
          storage.set('isBalanceHidden', hidden ? 'true' : 'false'),
      },
    }),
    { input: { balanceHidden: stored.balanceHidden }, inspect: showLiveFlow },
  )
  const topUpRef = useActorRef(
    topUpMachine.provide({
      actors: topUpActors(api),
      actions: {
        redirectToProvider: (_, { url }) => window.location.assign(url),
        ...memberFlowEffects('Could not start the top-up', 'error'),
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
