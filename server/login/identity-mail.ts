import { escapeHtml } from '../http/html'
import type { OutgoingMail } from '../mail/outbox'

// The messages of the identity side: the login link, an application received, approved or
// declined. Each has a plain-text body (what SMTP clients without HTML and the dev outbox show)
// and a simple HTML body with the same words, whose one link is a button.

/** How long a login link works; the e-mail says so. */
export const LOGIN_LINK_MINUTES = 15

/** A paragraph, a blank line, or the one button of a message. */
type Block = string | { button: string; href: string }

function render(blocks: Block[]): { text: string; html: string } {
  const text = blocks
    .map((block) => (typeof block === 'string' ? block : `\n${block.button}:\n${block.href}\n`))
    .join('\n')
  const body = blocks
    .map((block) => {
      if (typeof block !== 'string') {
        const href = escapeHtml(block.href)
        return `<p style="margin: 24px 0"><a href="${href}" style="background: #2f2a26; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none; display: inline-block">${escapeHtml(block.button)}</a></p>
<p style="color: #6b625b; font-size: 13px">If the button does not work, copy this address into your browser:<br><span style="word-break: break-all">${href}</span></p>`
      }
      return block === '' ? '' : `<p>${escapeHtml(block)}</p>`
    })
    .filter(Boolean)
    .join('\n')
  const html = `<!doctype html><html><body style="margin: 0; background: #f6f2ec"><div style="max-width: 560px; margin: 0 auto; padding: 32px 24px; font-family: Helvetica, Arial, sans-serif; font-size: 15px; line-height: 1.5; color: #2f2a26; background: #ffffff">
${body}
</div></body></html>`
  return { text, html }
}

const SIGN_OFF = ['', 'Warmly,', 'Sixteen · Friends of 16']

/** The magic link: `<site>/verify?token=...`, valid 15 minutes, once. */
export function loginLinkMail(to: string, firstName: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Your login link for Friends of 16',
    ...render([
      `Hello ${firstName},`,
      '',
      'Here is your link to log in to Friends of 16. It is valid for 15 minutes and works once.',
      { button: 'Log in to Friends of 16', href: link },
      "If you didn't ask for this link, you can ignore this e-mail: nobody can log in without it, and your account stays as it is.",
      ...SIGN_OFF,
    ]),
  }
}

/** An application (individual, community, or through an invite) was received. */
export function applicationReceivedMail(
  to: string,
  firstName: string,
  kind: 'individual' | 'community',
): OutgoingMail {
  return {
    to,
    subject: 'We have your application to Friends of 16',
    ...render([
      `Hello ${firstName},`,
      '',
      kind === 'community'
        ? 'Thank you for completing your profile for your community on Friends of 16. We have it, and the team will look at it shortly.'
        : 'Thank you for applying to Friends of 16, the members programme of Sixteen. We have your application, and the team will look at it shortly.',
      '',
      'Once it is approved you will get another e-mail with a link to log in, choose your plan and start using the space.',
      '',
      "If you didn't apply, please reply to this e-mail and let us know.",
      ...SIGN_OFF,
    ]),
  }
}

/** Staff approved an application: the account exists; the link logs the person in. */
export function applicationApprovedMail(
  to: string,
  firstName: string,
  link: string,
  /** The Active community the person is a member of from now on: no plan to choose. */
  activeCommunity: string | null = null,
): OutgoingMail {
  return {
    to,
    subject: 'Welcome to Friends of 16',
    ...render([
      `Hello ${firstName},`,
      '',
      'Good news: your application to Friends of 16 has been approved, and your account is ready.',
      '',
      activeCommunity
        ? `Your membership is active through your community, '${activeCommunity}'. Log in with the link below to start using the space. It is valid for 15 minutes and works once; when it has expired, ask for a new one on the login page with this e-mail address.`
        : 'Log in with the link below to read the bye-laws and choose your plan. It is valid for 15 minutes and works once; when it has expired, ask for a new one on the login page with this e-mail address.',
      { button: 'Log in to Friends of 16', href: link },
      "If you didn't apply, you can ignore this e-mail.",
      ...SIGN_OFF,
    ]),
  }
}

/** Staff declined an application, politely, with their note when they wrote one. */
export function applicationDeclinedMail(
  to: string,
  firstName: string,
  note: string | null,
): OutgoingMail {
  return {
    to,
    subject: 'Your application to Friends of 16',
    ...render([
      `Hello ${firstName},`,
      '',
      'Thank you for your interest in Friends of 16 and for the time you took to apply.',
      '',
      'After careful thought, we are not able to offer you a membership at this time.',
      ...(note ? ['', note] : []),
      '',
      'You are always welcome at Sixteen: our events and the print studio are open to everyone, and you are welcome to apply again in the future.',
      ...SIGN_OFF,
    ]),
  }
}
