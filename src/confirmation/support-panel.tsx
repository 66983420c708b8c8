import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { ChatIcon, MailIcon } from '../shared/line-icons'
import { Panel } from '../shared/panel'
import { mailLink, SITE, whatsappLink } from '../site'

export const SUPPORT_TITLE = "I didn't get a receipt"

/**
 * 'I didn't get a receipt': the prefilled message the person sends us, by WhatsApp or e-mail,
 * so the front desk can find the booking and send the receipt again.
 */
export function SupportPanel({
  open,
  onOpenChange,
  message,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  message: string
}) {
  return (
    <Panel
      open={open}
      onOpenChange={onOpenChange}
      title={SUPPORT_TITLE}
      description="Receipts can take a few minutes, and sometimes land in spam. Send us this message and we'll send it again."
    >
      <figure className={css({ m: '0' })}>
        <figcaption className={css({ textStyle: 'detailLabel', mb: '2' })}>Your message</figcaption>
        <blockquote
          className={css({
            m: '0',
            p: '4',
            borderRadius: 'l2',
            bg: 'sand.100',
            borderLeftWidth: '3px',
            borderColor: 'clay.300',
            fontSize: 'sm',
            lineHeight: 'relaxed',
            color: 'ink.800',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          })}
        >
          {message}
        </blockquote>
      </figure>
      <div className={grid({ gridTemplateColumns: '1fr', gap: '3', mt: '2' })}>
        <a
          href={whatsappLink(message)}
          target="_blank"
          rel="noreferrer"
          className={cx(
            button({ size: 'lg' }),
            css({ bg: 'palm.600', _hover: { bg: 'palm.700' } }),
          )}
        >
          <ChatIcon size={20} />
          Send on WhatsApp
          <span className={css({ srOnly: true })}> (opens in a new tab)</span>
        </a>
        <a
          href={mailLink(SUPPORT_TITLE, message)}
          className={button({ variant: 'outline', size: 'lg' })}
        >
          <MailIcon size={20} />
          Send Via Email
        </a>
      </div>
      <p className={css({ fontSize: 'xs', color: 'fg.subtle', textAlign: 'center', mt: '1' })}>
        We answer from 10am to 10pm · {SITE.supportEmail}
      </p>
    </Panel>
  )
}
