import type { Page } from 'playwright-core'
import { type ApplicantFormOutput, isFormComplete } from '../../../machines/applicant-form/machine'
import {
  type MemberSignupContext,
  memberSignupMachine,
} from '../../../machines/member-signup/machine'
import { memberSignupModel } from '../../../machines/member-signup/model'
import { heldFormOf } from '../../../machines/member-signup/selectors'
import { defineViews, type ViewStep } from './shared/define'

// Member signup in each state, for the browser replay of the model's paths
// (tests/e2e/paths-membership.test.ts). The model's community id is not the demo community's,
// so the real server refuses the signup (404, shown as the model's refusal is); a signup that goes
// through is in tests/e2e/applications.test.ts. The form ends as a person ends it: every field
// typed, then Submit. Only tests import this.

const SHORT = { timeout: 5000 }
const LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  occupation: 'Occupation',
  companyName: 'Company name',
  nationality: 'Nationality',
  address: 'Home address',
  country: 'Country',
  phone: 'Phone number',
  socialLink: 'Social link',
  emergencyName: 'Emergency contact name',
  relationship: 'Relationship',
  emergencyPhone: 'Emergency contact phone',
  referrer: 'Who referred you?',
}
const SELECTS = new Set(['nationality', 'country', 'relationship'])
const CHIPS = new Set(['pronouns'])

const context = ({ snapshot }: ViewStep) => snapshot.context as MemberSignupContext
const submit = (page: Page) => page.getByRole('button', { name: 'Submit', exact: true })

export const memberSignupViews = defineViews({
  model: memberSignupModel,
  machine: memberSignupMachine,
  starts: {
    'an invited person, on a phone': {
      input: memberSignupModel.inputs['an invited person'],
      path: '/member-signup?community=00000000-0000-4000-8000-0000000c0001&name=Lagos%20Poets&email=bisi%40example.com',
      width: 390,
    },
    'a link without its community': {
      input: memberSignupModel.inputs['a link without its community'],
      path: '/member-signup?email=bisi%40example.com',
    },
  },
  events: {
    'xstate.done.actor.applicantForm': {
      run: async ({ page, event }) => {
        const { applicant } = event.output as ApplicantFormOutput
        for (const [field, label] of Object.entries(LABELS)) {
          const value = applicant[field as keyof typeof applicant]
          const input = page.getByLabel(label, { exact: true })
          if ((await input.inputValue(SHORT)) === value) continue
          if (SELECTS.has(field)) await input.selectOption(value)
          else await input.fill(value)
        }
        for (const field of CHIPS) {
          const value = applicant[field as keyof typeof applicant]
          await page.locator('label', { hasText: value }).first().click()
        }
        await submit(page).click()
      },
    },
    'xstate.error.actor.signupAsCommunityMember': {
      request: '**/api/accounts/signup-as-community-member',
    },
  },
  states: {
    invalidLink: async ({ page }) => {
      await page.getByText(/does not say which community invited you/).waitFor(SHORT)
    },
    editing: async (step) => {
      const { page } = step
      await page.getByRole('heading', { level: 1, name: 'Complete your profile' }).waitFor(SHORT)
      const email = page.getByLabel('Email address', { exact: true })
      if ((await email.inputValue(SHORT)) !== context(step).applicant.email) {
        throw new Error('The invited e-mail is not shown')
      }
      if ((await email.getAttribute('readonly')) === null) throw new Error('The e-mail is editable')
      const complete = isFormComplete(heldFormOf(step.snapshot))
      if ((await submit(page).isDisabled()) === complete) {
        throw new Error(`Submit is ${complete ? 'disabled' : 'enabled'}`)
      }
      if (context(step).error) await page.getByRole('alert').first().waitFor(SHORT)
    },
    // 'Please wait' while the call is held; a path that ends here does not hold it, and the
    // server's answer (the refusal's alert) may already show.
    submitting: async ({ page }) => {
      await page
        .getByRole('button', { name: 'Please wait' })
        .or(page.getByRole('alert'))
        .first()
        .waitFor(SHORT)
    },
    leaving: async ({ page }) => {
      await page.waitForURL('**/membership/application/received?email=*', SHORT)
    },
  },
})
