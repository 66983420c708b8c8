import { fromPromise } from 'xstate'
import { type Api, type components, expectData } from '../../openapi/client'
import type { draftChanges } from '../rules/profile'

type Account = components['schemas']['Account']

export const profileEditActors = (api: Api) => ({
  loadProfile: fromPromise<Account>(
    async ({ signal }) => (await expectData(api.GET('/accounts/profile', { signal }))).account,
  ),
  saveProfile: fromPromise<Account, ReturnType<typeof draftChanges>>(
    async ({ input, signal }) =>
      (await expectData(api.PATCH('/accounts/profile', { body: input, signal }))).account,
  ),
  uploadPicture: fromPromise<Account, { file: Blob }>(async ({ input, signal }) => {
    // The picture's bytes are the body (not a form); the server checks what they are.
    const body = await expectData(
      api.PUT('/accounts/profile/picture', {
        body: input.file as unknown as string,
        bodySerializer: (file: unknown) => file as BodyInit,
        headers: { 'Content-Type': input.file.type || 'application/octet-stream' },
        signal,
      }),
    )
    return body.account
  }),
  removePicture: fromPromise<Account>(
    async ({ signal }) =>
      (await expectData(api.DELETE('/accounts/profile/picture', { signal }))).account,
  ),
})
