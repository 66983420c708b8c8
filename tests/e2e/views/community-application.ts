import type { Page } from 'playwright-core'
import { type ApplicantFormOutput, isFormComplete } from '../../../machines/applicant-form/machine'
import {
  type CommunityApplicationContext,
  communityApplicationMachine,
} from '../../../machines/community-application/machine'
import { communityApplicationModel } from '../../../machines/community-application/model'
import { heldFormOf } from '../../../machines/community-application/selectors'
import { ACCOUNT_EXISTS_BANNER, ACCOUNT_EXISTS_MESSAGE } from '../../../machines/rules/application'
import { defineViews, type ViewStep } from './shared/define'

// The community application in each state, for the browser replay of the model's paths
// (tests/e2e/paths-membership.test.ts). The model's visitor is Femi, who has an
// account: the real server answers 'Account already exists. Pass auth token.', so that path is
// walked for a visitor; Ada, signed in, creates her community. Other outcomes are in
// tests/e2e/applications.test.ts. Only tests import this.

const SHORT = { timeout: 5000 }
const COMMUNITY_LABELS: Record<string, string> = {
  name: 'Community name',
  about: 'What does your community do?',
  goals: 'What does it aim to achieve?',
}
const CHIP_LABELS: Record<string, string> = { more: 'More than 8', '6': '6 people' }
const APPLICANT_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  email: 'Email address',
}
const corrections: Record<string, string> = { size: 'more' }
const VISITOR = 'a visitor with an account, on a desktop'
const MEMBER = 'Ada, signed in, on a phone'

const context = ({ snapshot }: ViewStep) => snapshot.context as CommunityApplicationContext
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true }).waitFor(SHORT)
const chip = (page: Page, text: string) => page.locator('label', { hasText: text }).first()

async function expectEnabled(page: Page, name: string, enabled: boolean) {
  if ((await button(page, name).isDisabled(SHORT)) === enabled) {
    throw new Error(`${name} is ${enabled ? 'disabled' : 'enabled'}`)
  }
}

const status = (error: unknown) => (error as { status?: number }).status

export const communityApplicationViews = defineViews({
  model: communityApplicationModel,
  machine: communityApplicationMachine,
  starts: {
    [VISITOR]: {
      input: communityApplicationModel.inputs['a visitor'],
      path: '/membership/community-application',
    },
    [MEMBER]: {
      input: {
        viewer: { signedIn: true, email: 'ada@example.com' },
        today: '2026-11-24',
        draft: null,
      },
      path: '/membership/community-application',
      signIn: 'ada@example.com',
      width: 390,
    },
  },
  events: {
    'field.changed': {
      accepts: (event, { snapshot }) => {
        const c = snapshot.context as CommunityApplicationContext
        const current = c.community[event.field as keyof typeof c.community]
        return current === '' || (corrections[event.field] === current && event.value !== current)
      },
      run: async ({ page, event }) => {
        const field = event.field as string
        const value = event.value as string
        if (field === 'size') await chip(page, CHIP_LABELS[value] ?? value).click()
        else if (field === 'registered') await chip(page, value).click()
        else await page.getByLabel(COMMUNITY_LABELS[field] ?? '', { exact: true }).fill(value)
      },
    },
    // Personal Info's form ends as a person ends it: the answers typed, then Submit or Previous.
    'xstate.done.actor.applicantForm': {
      run: async ({ page, event }) => {
        const { applicant, went } = event.output as ApplicantFormOutput
        for (const [field, label] of Object.entries(APPLICANT_LABELS)) {
          const input = page.getByLabel(label, { exact: true })
          const value = applicant[field as keyof typeof applicant]
          if ((await input.inputValue(SHORT)) !== value) await input.fill(value)
        }
        await button(page, went === 'back' ? 'Previous' : 'Submit').click()
      },
    },
    'step.advanced': { run: async ({ page }) => button(page, 'Next').click() },
    'form.submitted': { run: async ({ page }) => button(page, 'Submit').click() },
    'xstate.done.actor.createCommunity': {
      accepts: (_event, { start }) => start === MEMBER,
      request: '**/api/communities/create',
    },
    'xstate.error.actor.createCommunity': {
      accepts: (event, { start }) =>
        start === VISITOR &&
        status(event.error) === 409 &&
        (event.error as Error).message === ACCOUNT_EXISTS_MESSAGE,
      request: '**/api/communities/create',
    },
    // The 5 s pass on the page's own clock.
    'xstate.after.accountExistsRedirect.communityApplication.accountExists': {},
  },
  states: {
    'editing.community': async (step) => {
      const { page } = step
      await heading(page, 'Community Info')
      const { community, signedIn } = context(step)
      for (const [field, label] of Object.entries(COMMUNITY_LABELS)) {
        const value = await page.getByLabel(label, { exact: true }).inputValue(SHORT)
        if (value !== community[field as 'name']) throw new Error(`${label} reads '${value}'`)
      }
      if (community.size === 'more') {
        await page.getByText(/for a customised application/).waitFor(SHORT)
      }
      const complete = step.snapshot.can({ type: signedIn ? 'form.submitted' : 'step.advanced' })
      await expectEnabled(page, signedIn ? 'Submit' : 'Next', complete)
      if (signedIn) {
        if (await page.locator('[aria-current="step"]').count()) {
          throw new Error('A signed-in member sees the step indicator')
        }
      } else {
        await expectEnabled(page, 'Previous', false)
      }
    },
    'editing.personal': async (step) => {
      const { page } = step
      await heading(page, 'Personal Info')
      await expectEnabled(page, 'Previous', true)
      await expectEnabled(page, 'Submit', isFormComplete(heldFormOf(step.snapshot)))
    },
    submitting: async ({ page }) => {
      await page
        .getByRole('button', { name: 'Please wait' })
        .or(page.getByRole('alert'))
        .first()
        .waitFor(SHORT)
    },
    accountExists: async ({ page }) => {
      await page.getByText(ACCOUNT_EXISTS_BANNER).waitFor(SHORT)
    },
    leaving: async ({ page, snapshot }) => {
      const to = (snapshot.context as CommunityApplicationContext).signedIn
        ? '**/membership/application/received?email=*'
        : '**/login?email=*'
      await page.waitForURL(to, { timeout: 10_000 })
    },
  },
})
