import type { Page } from 'playwright-core'
import { type DraftField, profileEditMachine } from '../../../machines/profile-edit/machine'
import { profileEditModel } from '../../../machines/profile-edit/model'
import { defineViews, type ViewStep } from './shared/define'
import { enabledAs } from './shared/enabled'
import {
  dropUntilFailed,
  heading,
  LOAD,
  loadDrivers,
  loadFailed,
  retryDriver,
  SHORT,
  sessionEnded,
  skeleton,
  statusOf,
} from './shared/member-area'

// /profile/edit in each state, for the browser replay of the model's paths
// (tests/e2e/paths-profile-edit.test.ts). Ada edits her own details; each path first puts them
// back as the demo has them (and her picture, on the start that has one) through the API, since
// the paths share one server. Only tests import this.

const PAGE = '/profile/edit'
const PROFILE = '**/api/accounts/profile'
const PICTURE = '**/api/accounts/profile/picture'
const ADA = 'Ada, with no picture'
const WITH_PICTURE = 'Ada, with a picture'
const NOT_A_PICTURE = 'Ada, choosing a PNG file that is no picture'
const DROPPING = 'Ada, the connection dropping once'

const LABELS: Record<DraftField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
}
const NOTICES = {
  saved: 'Your details are saved.',
  pictureUploaded: 'Your new picture is saved.',
  pictureRemoved: 'Your picture is removed.',
} as const

/** A 1×1 PNG, a picture the server takes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** The pages of the start whose PNG file holds no picture. */
const choosesNoPicture = new WeakSet<Page>()

/** Ada's details as the demo has them, and her picture or none, then the page. */
const prepared =
  ({
    picture,
    dropping = false,
    noPicture = false,
  }: {
    picture: boolean
    dropping?: boolean
    noPicture?: boolean
  }) =>
  async (page: Page, url: string) => {
    if (noPicture) choosesNoPicture.add(page)
    // Any page of the app's origin gives the stored login; a plain file runs none of the app.
    await page.goto(`${url}/robots.txt`, LOAD)
    const token = await page.evaluate(() => localStorage.getItem('authToken'))
    const headers = { Authorization: `Bearer ${token}` }
    const answers = [
      await page.request.patch(`${url}/api/accounts/profile`, {
        headers,
        data: {
          'First Name': 'Ada',
          'Last Name': 'Okafor',
          'Phone Number': '+234 803 555 0101',
        },
      }),
      picture
        ? await page.request.put(`${url}/api/accounts/profile/picture`, {
            headers: { ...headers, 'Content-Type': 'image/png' },
            data: PNG,
          })
        : await page.request.delete(`${url}/api/accounts/profile/picture`, { headers }),
    ]
    for (const answer of answers) {
      if (!answer.ok()) throw new Error(`Putting Ada's profile back failed: ${await answer.text()}`)
    }
    if (dropping) await dropUntilFailed(page, PROFILE)
    await page.goto(url + PAGE, LOAD)
  }

const start = (open: (page: Page, url: string) => Promise<void>, width?: number) => ({
  input: undefined,
  path: PAGE,
  signIn: 'ada@example.com',
  open,
  ...(width ? { width } : {}),
})

const pictureSection = (page: Page) => page.getByRole('region', { name: 'Picture' })
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Changes' })
const hasPicture = (account: unknown) => Boolean((account as { Picture?: string } | null)?.Picture)

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

export const profileEditViews = defineViews({
  model: profileEditModel,
  machine: profileEditMachine,
  starts: {
    [ADA]: start(prepared({ picture: false })),
    [WITH_PICTURE]: start(prepared({ picture: true }), 390),
    [NOT_A_PICTURE]: start(prepared({ picture: false, noPicture: true })),
    [DROPPING]: start(prepared({ picture: false, dropping: true })),
  },
  events: {
    // Whether she has a picture is what the start put there.
    ...loadDrivers(
      'loadProfile',
      PROFILE,
      DROPPING,
      (event, start) => hasPicture(event.output) === (start === WITH_PICTURE),
    ),
    'profile.retried': retryDriver(PROFILE),
    'field.changed': {
      run: async ({ page, event }) => {
        await page.getByLabel(LABELS[event.field as DraftField], { exact: true }).fill(event.value)
      },
    },
    'form.submitted': {
      accepts: (event, { snapshot }) => snapshot.can(event),
      run: async ({ page }) => {
        await saveButton(page).click()
      },
    },
    // The model's saved account has no picture: saved with one, the page rightly keeps it.
    'xstate.done.actor.saveProfile': {
      accepts: (_event, { snapshot }) => !hasPicture(snapshot.context.account),
      request: PROFILE,
    },
    // A 401 after her sessions end; a phone the server refuses never leaves the page (the form
    // refuses it first).
    'xstate.error.actor.saveProfile': {
      accepts: (event) => statusOf(event.error) === 401,
      server: () => 'sessionExpired',
      request: PROFILE,
    },
    // A PNG (on one start, bytes that are no picture, for the server to refuse), or a GIF the
    // page refuses itself.
    'picture.chosen': {
      run: async ({ page, event }: ViewStep) => {
        const { type } = event.file as { type: string }
        const chooser = page.waitForEvent('filechooser', SHORT)
        await pictureSection(page)
          .getByRole('button', { name: /^(Upload|Change) picture$/ })
          .click()
        const png = choosesNoPicture.has(page) ? Buffer.from('not a picture at all') : PNG
        const file = type === 'image/png' ? png : Buffer.from('GIF89a')
        await (await chooser).setFiles({
          name: `ada.${type.split('/')[1]}`,
          mimeType: type,
          buffer: file,
        })
      },
    },
    'xstate.done.actor.uploadPicture': {
      accepts: (_event, { start }) => start !== NOT_A_PICTURE,
      request: PICTURE,
    },
    'xstate.error.actor.uploadPicture': {
      accepts: (event, { start }) =>
        statusOf(event.error) === 401 ? start !== NOT_A_PICTURE : start === NOT_A_PICTURE,
      server: (event) => (statusOf(event.error) === 401 ? 'sessionExpired' : null),
      request: PICTURE,
    },
    'picture.removed': {
      accepts: (event, { snapshot }) => snapshot.can(event),
      run: async ({ page }) => {
        await pictureSection(page).getByRole('button', { name: 'Remove picture' }).click()
      },
    },
    'xstate.done.actor.removePicture': { request: PICTURE },
    // A 401 after her sessions end; a dropped connection is left to the model tests.
    'xstate.error.actor.removePicture': {
      accepts: (event) => statusOf(event.error) === 401,
      server: () => 'sessionExpired',
      request: PICTURE,
    },
  },
  states: {
    loading: async ({ page }) => {
      await heading(page, 'Edit profile')
      await skeleton(page, 'Loading your details')
    },
    failed: async ({ page }) => {
      await loadFailed(page, 'your details')
    },
    sessionExpired: async ({ page }) => {
      await sessionEnded(page)
    },
    // The fields as she typed them, Save only for a change the rules allow, the last notice or
    // refusal, and the picture's buttons as her picture allows.
    editing: async ({ page, snapshot }) => {
      await heading(page, 'Edit profile')
      const { draft, notice, error, pictureError, account } = snapshot.context
      for (const [field, label] of Object.entries(LABELS)) {
        const value = await page.getByLabel(label, { exact: true }).inputValue(SHORT)
        if (value !== draft[field as DraftField]) {
          throw new Error(`${label} should read '${draft[field as DraftField]}', not '${value}'`)
        }
      }
      await enabledAs(
        button(page, 'Save Changes'),
        snapshot.can({ type: 'form.submitted' }),
        'Save Changes',
      )
      if (notice) await page.getByText(NOTICES[notice as keyof typeof NOTICES]).waitFor(SHORT)
      if (error) await page.getByRole('alert').first().waitFor(SHORT)
      if (
        draft.phone !== snapshot.context.saved.phone &&
        !snapshot.can({ type: 'form.submitted' })
      ) {
        await page.getByText('Enter a phone number').waitFor(SHORT)
      }
      const upload = hasPicture(account) ? 'Change picture' : 'Upload picture'
      await enabledAs(button(page, upload), true, upload)
      await enabledAs(
        button(page, 'Remove picture'),
        snapshot.can({ type: 'picture.removed' }),
        'Remove picture',
      )
      if (pictureError) {
        const reason = pictureSection(page).getByRole('alert')
        await reason.waitFor(SHORT)
        if (pictureError.startsWith('Choose')) await reason.getByText(pictureError).waitFor(SHORT)
        else if (!(await reason.textContent())?.trim())
          throw new Error('The refusal should say why')
      }
    },
    saving: async ({ page }) => {
      await page.getByRole('button', { name: 'Please wait' }).waitFor(SHORT)
    },
    uploading: async ({ page }) => {
      await pictureSection(page).getByRole('button', { name: 'Uploading…' }).waitFor(SHORT)
    },
    removing: async ({ page }) => {
      await pictureSection(page).getByRole('button', { name: 'Removing…' }).waitFor(SHORT)
    },
  },
})
