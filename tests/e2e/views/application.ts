import type { Page } from 'playwright-core'
import { type ApplicantFormOutput, isFormComplete } from '../../../machines/applicant-form/machine'
import { type ApplicationContext, applicationMachine } from '../../../machines/application/machine'
import { applicationModel } from '../../../machines/application/model'
import { heldFormOf } from '../../../machines/application/selectors'
import { defineViews, type ViewStep } from './shared/define'

// The individual application in each state, for the browser replay of the model's paths
// (tests/e2e/paths-membership.test.ts). The model's applicant is Ada, who has an account, so the
// real server refuses the application (409): the refusal is walked here, a sent application in
// tests/e2e/applications.test.ts, the fields' own messages in tests/e2e/form-edges.test.ts. Each
// step's form ends as a person ends it: its answers typed, then Next (Submit), or Previous.
// Only tests import this.

const SHORT = { timeout: 5000 }
const LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  country: 'Country',
  email: 'Email address',
}
const SELECTS = new Set(['country'])

const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true }).waitFor(SHORT)
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const context = ({ snapshot }: ViewStep) => snapshot.context as ApplicationContext

async function expectEnabled(page: Page, name: string, enabled: boolean) {
  const disabled = await button(page, name).isDisabled(SHORT)
  if (disabled === enabled) {
    throw new Error(`${name} is ${disabled ? 'disabled' : 'enabled'}`)
  }
}

async function expectValue(page: Page, field: string, value: string) {
  const label = LABELS[field]
  if (!label) return
  const actual = await page.getByLabel(label, { exact: true }).inputValue(SHORT)
  if (actual !== value) throw new Error(`${label} reads '${actual}', not '${value}'`)
}

export const applicationViews = defineViews({
  model: applicationModel,
  machine: applicationMachine,
  starts: {
    'a visitor from the membership page, on a phone': {
      input: { name: null, code: null, today: '2026-11-24' },
      path: '/membership/application',
      width: 390,
    },
  },
  events: {
    'xstate.done.actor.applicantForm': {
      run: async ({ page, event }) => {
        const { applicant, went } = event.output as ApplicantFormOutput
        // The step's fields on the page take the form's answers, then the step goes on.
        for (const [field, label] of Object.entries(LABELS)) {
          const input = page.getByLabel(label, { exact: true })
          if ((await input.count()) === 0) continue
          const value = applicant[field as keyof typeof applicant]
          if ((await input.inputValue(SHORT)) === value) continue
          if (SELECTS.has(field)) await input.selectOption(value)
          else await input.fill(value)
        }
        if (went === 'back') return button(page, 'Previous').click()
        const next = button(page, 'Next')
        await ((await next.count()) ? next : button(page, 'Submit')).click()
      },
    },
    'xstate.error.actor.submitApplication': {
      // The real server refuses Ada, who has an account: a 409 with its own words.
      accepts: (event) => (event.error as { status?: number }).status === 409,
      request: '**/api/applications/create-application',
    },
  },
  states: {
    editing: async (step) => {
      const { page } = step
      for (const field of Object.keys(LABELS)) {
        if (await page.getByLabel(LABELS[field] ?? '', { exact: true }).count()) {
          await expectValue(page, field, context(step).applicant[field as 'email'])
        }
      }
      const alert = page.getByRole('alert').filter({ hasText: /\S/ })
      if (context(step).error) await alert.first().waitFor(SHORT)
    },
    'editing.profile': async (step) => {
      const { page } = step
      await stepHeading(page, 'Profile')
      await expectEnabled(page, 'Previous', false)
      await expectEnabled(page, 'Next', isFormComplete(heldFormOf(step.snapshot)))
    },
    'editing.address': async ({ page }) => {
      await stepHeading(page, 'Address')
      await expectEnabled(page, 'Previous', true)
      await expectEnabled(page, 'Next', true)
    },
    'editing.contact': async (step) => {
      const { page } = step
      await stepHeading(page, 'Contact')
      await expectEnabled(page, 'Submit', isFormComplete(heldFormOf(step.snapshot)))
    },
    submitting: async ({ page }) => {
      await button(page, 'Please wait').waitFor(SHORT)
    },
    leaving: async ({ page }) => {
      await page.waitForURL('**/membership/application/received?email=*', SHORT)
    },
  },
})
