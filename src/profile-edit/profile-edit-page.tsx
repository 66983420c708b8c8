import { useActorRef, useSelector } from '@xstate/react'
import { useId, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { profileEditActors } from '../../machines/profile-edit/actors'
import { type DraftField, profileEditMachine } from '../../machines/profile-edit/machine'
import { changedFieldProblems, saveClosedReason } from '../../machines/profile-edit/selectors'
import { PICTURE_TYPES } from '../../machines/rules/profile'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api, viewer } from '../api'
import { showLiveFlow } from '../live-flows'
import { memberFlowEffects, useLoadStates } from '../member-flow'
import { Avatar } from '../shared/avatar'
import { Banner } from '../shared/banner'
import { Field, onSubmitted, textInput } from '../shared/form-fields'
import { card, LoadStatus, MemberPage } from '../shared/member-page'
import { storage } from '../storage'

/** /profile/edit: first name, last name and phone, saved for real; the picture changed or removed. */
export default function ProfileEditPage() {
  const actorRef = useActorRef(
    profileEditMachine.provide({
      actors: profileEditActors(api),
      actions: {
        ...memberFlowEffects('Could not change the profile'),
        notifyProfileChanged: ({ context }) => {
          // The booking forms fill a signed-in person's name and phone from storage: the new ones.
          if (context.account) {
            storage.set('userName', context.account.Name)
            const phone = context.account['Phone Number']?.[0]
            if (phone) storage.set('userNumber', phone)
          }
          if (viewer.getSnapshot().can({ type: 'viewer.refreshed' }))
            viewer.send({ type: 'viewer.refreshed' })
        },
      },
    }),
    { inspect: showLiveFlow },
  )
  return <ProfileEditView actorRef={actorRef} />
}

const NOTICES = {
  saved: 'Your details are saved.',
  pictureUploaded: 'Your new picture is saved.',
  pictureRemoved: 'Your picture is removed.',
} as const

const FIELDS: { field: DraftField; label: string; autoComplete: string; type: string }[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { field: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
]

export function ProfileEditView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof profileEditMachine>
}) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const load = useLoadStates(actorRef)
  const saving = useSelector(actorRef, (s) => s.hasTag('saving'))
  const pictureBusy = useSelector(actorRef, (s) => s.hasTag('picture'))
  const uploading = useSelector(actorRef, (s) => s.matches('uploading'))
  const canSave = useSelector(actorRef, (s) => s.can({ type: 'form.submitted' }))
  const canRemove = useSelector(actorRef, (s) => s.can({ type: 'picture.removed' }))
  const { account, draft, saved, notice, error, pictureError } = useSelector(
    actorRef,
    (s) => s.context,
  )
  const problems = changedFieldProblems({ draft, saved })
  const editing = account !== null && !load.failed && !load.expired

  return (
    <MemberPage
      title="Edit profile"
      back="/profile/info"
      lead="Your name and phone as the house sees them, and your picture."
    >
      <LoadStatus
        {...load}
        what="your details"
        rows={4}
        onRetry={() => actorRef.send({ type: 'profile.retried' })}
      />
      {editing && account && (
        <div className={css({ display: 'grid', gap: '6' })}>
          {notice && <Banner tone="success">{NOTICES[notice]}</Banner>}

          <section
            aria-labelledby={`${id}-picture`}
            className={`${card} ${css({ p: { base: '4', md: '5' } })}`}
          >
            <h2 id={`${id}-picture`} className={css({ textStyle: 'smallCaps', mb: '3' })}>
              Picture
            </h2>
            <div
              className={css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' })}
            >
              <Avatar name={account.Name} picture={account.Picture} />
              <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
                <input
                  ref={fileInput}
                  id={`${id}-file`}
                  type="file"
                  accept={PICTURE_TYPES.join(',')}
                  className={css({ srOnly: true })}
                  tabIndex={-1}
                  aria-hidden
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0]
                    if (file) actorRef.send({ type: 'picture.chosen', file })
                    event.currentTarget.value = ''
                  }}
                />
                <button
                  type="button"
                  className={button({ variant: 'outline', size: 'md' })}
                  disabled={pictureBusy || saving}
                  aria-busy={uploading}
                  onClick={() => fileInput.current?.click()}
                >
                  {uploading ? 'Uploading…' : account.Picture ? 'Change picture' : 'Upload picture'}
                </button>
                <button
                  type="button"
                  className={button({ variant: 'ghost', size: 'md' })}
                  disabled={!canRemove}
                  title={account.Picture ? undefined : 'You have no picture to remove'}
                  onClick={() => actorRef.send({ type: 'picture.removed' })}
                >
                  {pictureBusy && !uploading ? 'Removing…' : 'Remove picture'}
                </button>
              </div>
            </div>
            <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '3' })}>
              A JPEG, PNG or WebP picture of at most 5 MB.
            </p>
            {pictureError && (
              <p
                role="alert"
                className={css({
                  mt: '2',
                  fontSize: 'sm',
                  color: 'danger.default',
                  fontWeight: 'medium',
                })}
              >
                {pictureError}
              </p>
            )}
          </section>

          <form
            noValidate
            onSubmit={onSubmitted(() => actorRef.send({ type: 'form.submitted' }))}
            className={`${card} ${css({ p: { base: '4', md: '5' }, display: 'grid', gap: '4' })}`}
          >
            <h2 className={css({ textStyle: 'smallCaps' })}>Your details</h2>
            {FIELDS.map(({ field, label, autoComplete, type }) => {
              const problem = problems[field]
              return (
                <Field key={field} label={label} htmlFor={`${id}-${field}`}>
                  <input
                    id={`${id}-${field}`}
                    type={type}
                    autoComplete={autoComplete}
                    value={draft[field]}
                    disabled={saving}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-${field}-problem` : undefined}
                    onChange={(event) =>
                      actorRef.send({
                        type: 'field.changed',
                        field,
                        value: event.currentTarget.value,
                      })
                    }
                    className={textInput}
                  />
                  {problem && (
                    <span
                      id={`${id}-${field}-problem`}
                      className={css({ fontSize: 'sm', color: 'danger.default' })}
                    >
                      {problem}
                    </span>
                  )}
                </Field>
              )
            })}
            {error && (
              <p
                role="alert"
                className={css({ fontSize: 'sm', color: 'danger.default', fontWeight: 'medium' })}
              >
                {error}
              </p>
            )}
            <div className={flex({ align: 'center', wrap: 'wrap', gap: '3', mt: '1' })}>
              <button
                type="submit"
                className={button({ size: 'lg' })}
                disabled={!canSave}
                aria-busy={saving}
              >
                {saving ? 'Please wait' : 'Save Changes'}
              </button>
              {!saving && !canSave && (
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  {saveClosedReason({ draft, saved })}
                </span>
              )}
            </div>
          </form>
        </div>
      )}
    </MemberPage>
  )
}
