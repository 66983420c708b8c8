import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { applicationViews } from '../../machines/application.views'
import { communityApplicationViews } from '../../machines/community-application.views'
import { communityMembersViews } from '../../machines/community-members.views'
import { communitySizeViews } from '../../machines/community-size.views'
import { confirmationViews } from '../../machines/confirmation.views'
import { coworkingViews } from '../../machines/coworking.views'
import { inviteViews } from '../../machines/invite.views'
import { joinViews } from '../../machines/join.views'
import { loginLinkViews } from '../../machines/login-link.views'
import { memberSignupViews } from '../../machines/member-signup.views'
import type { FlowViews } from '../../machines/model'
import { paymentReturnViews } from '../../machines/payment-return.views'
import { paymentsListViews } from '../../machines/payments-list.views'
import { planChoiceViews } from '../../machines/plan-choice.views'
import { planPaymentViews } from '../../machines/plan-payment.views'
import { plansViews } from '../../machines/plans.views'
import { printStudioViews } from '../../machines/print-studio.views'
import { profileViews } from '../../machines/profile.views'
import { profileEditViews } from '../../machines/profile-edit.views'
import { rsvpViews } from '../../machines/rsvp.views'
import { subscribeViews } from '../../machines/subscribe.views'
import { tourViews } from '../../machines/tour.views'
import { verifyViews } from '../../machines/verify.views'
import { walletViews } from '../../machines/wallet.views'
import { allStateNodes, eventTypesOf } from '../support/model-harness'

// The browser's views of each flow (what a state looks like, what a person does) are checked
// against their machine here, without a browser: a renamed state or event fails in seconds.
const views: FlowViews[] = [
  rsvpViews,
  coworkingViews,
  printStudioViews,
  paymentReturnViews,
  confirmationViews,
  plansViews,
  subscribeViews,
  loginLinkViews,
  verifyViews,
  inviteViews,
  joinViews,
  applicationViews,
  communityApplicationViews,
  memberSignupViews,
  planPaymentViews,
  profileEditViews,
  communitySizeViews,
  paymentsListViews,
  planChoiceViews,
  tourViews,
  profileViews,
  walletViews,
  communityMembersViews,
]
const root = fileURLToPath(new URL('../..', import.meta.url))

describe.each(views.map((v) => [v.model.machine.id, v] as const))('the views of %s', (_id, v) => {
  it('name only states and events of the machine', () => {
    const machine = v.model.machine
    const states = allStateNodes(machine).map((node) => node.path.join('.'))
    expect(Object.keys(v.states).filter((key) => !states.includes(key))).toEqual([])
    const events = eventTypesOf(machine)
    expect(Object.keys(v.events).filter((type) => !events.includes(type))).toEqual([])
  })
})

it('stay out of the app: nothing in src imports a views file', () => {
  const files = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = join(dir, name)
      return statSync(join(root, path)).isDirectory() ? files(path) : [path]
    })
  const importers = files('src').filter(
    (file) =>
      /\.(ts|tsx)$/.test(file) &&
      /from\s+'[^']*\.views'/.test(readFileSync(join(root, file), 'utf8')),
  )
  expect(importers).toEqual([])
})
