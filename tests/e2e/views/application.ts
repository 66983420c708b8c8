import type { Page } from 'playwright-core'
import { type ApplicationContext, applicationMachine } from '../../../machines/application/machine'
import { applicationModel } from '../../../machines/application/model'
import { canSubmitApplicant, isProfileComplete } from '../../../machines/rules/application'
import { defineViews, type ViewStep } from './shared/define'

// The individual application in each state, for the browser replay of the model's paths
// (tests/e2e/paths-application.test.ts). The model's applicant is Ada, who has an account, so the
// real server refuses the application (409): the refusal is walked here, a sent application in
// tests/e2e/applications.test.ts. Only tests import this.

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

/** A person fills each field once, correcting only what the form refused (as the model). */
const corrections: Record<string, string> = { dateOfBirth: '2030-01-01', email: 'ada@' }

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
    'field.changed': {
      accepts: (event, { snapshot }) => {
        const applicant = (snapshot.context as ApplicationContext).applicant
        const current = applicant[event.field as keyof typeof applicant]
        return current === '' || (corrections[event.field] === current && event.value !== current)
      },
      run: async ({ page, event }) => {
        const label = LABELS[event.field as string] ?? ''
        const field = page.getByLabel(label, { exact: true })
        if (SELECTS.has(event.field as string)) await field.selectOption(event.value as string)
        else await field.fill(event.value as string)
        // Leaving the field shows its error, as a person tabbing on would see it.
        await field.blur()
      },
    },
    'draft.restored': {
      // As the model: restored as the form opens, before anything is typed.
      accepts: (_, { snapshot }) =>
        (snapshot.context as ApplicationContext).applicant.lastName === '',
      // The person comes back to the tab with the draft kept: the page loads anew and the app
      // fills it in.
      run: async ({ page, event }) => {
        await page.evaluate((answers) => {
          const kept = JSON.parse(sessionStorage.getItem('draft:application') ?? '{}')
          sessionStorage.setItem('draft:application', JSON.stringify({ ...kept, ...answers }))
        }, event.applicant as object)
        await page.reload()
        const lastName = (event.applicant as { lastName?: string }).lastName ?? ''
        await page.waitForFunction(
          (value) =>
            (document.querySelector('input[name="lastName"]') as HTMLInputElement)?.value === value,
          lastName,
          SHORT,
        )
      },
    },
    'step.next': { run: async ({ page }) => button(page, 'Next').click() },
    'step.previous': { run: async ({ page }) => button(page, 'Previous').click() },
    'form.submitted': { run: async ({ page }) => button(page, 'Submit').click() },
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
      await expectEnabled(
        page,
        'Next',
        isProfileComplete(context(step).applicant, context(step).today),
      )
      if (context(step).applicant.dateOfBirth === '2030-01-01') {
        await page.getByText('Date of birth cannot be after today.').waitFor(SHORT)
      }
    },
    'editing.address': async ({ page }) => {
      await stepHeading(page, 'Address')
      await expectEnabled(page, 'Previous', true)
      await expectEnabled(page, 'Next', true)
    },
    'editing.contact': async (step) => {
      const { page } = step
      await stepHeading(page, 'Contact')
      await expectEnabled(
        page,
        'Submit',
        canSubmitApplicant(context(step).applicant, context(step).today),
      )
      if (context(step).applicant.email === 'ada@') {
        await page.getByText('Please enter a valid email address.').waitFor(SHORT)
      }
    },
    submitting: async ({ page }) => {
      await button(page, 'Please wait').waitFor(SHORT)
    },
    leaving: async ({ page }) => {
      await page.waitForURL('**/membership/application/received?email=*', SHORT)
    },
  },
})
