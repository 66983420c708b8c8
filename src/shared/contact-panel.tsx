import { type ReactNode, useId } from 'react'
import { css, cx } from '../../styled-system/css'
import { optionCard } from '../../styled-system/recipes'
import { mailLink, SITE, whatsappLink } from '../site'
import { ArrowRightIcon, ChatIcon, ExternalIcon, MailIcon } from './line-icons'
import { Panel } from './panel'

const GREETING = 'Hello Sixteen, I would like to ask about '

/** 'Contact us': WhatsApp with a preset greeting, or an e-mail draft. */
export function ContactPanel({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Panel
      open={open}
      onOpenChange={onOpenChange}
      title="Contact us"
      description="We usually answer within the hour, 10am to 10pm."
    >
      <ContactOption
        href={whatsappLink(GREETING)}
        newTab
        label="WhatsApp"
        hint="Chat with the front desk"
        icon={<ChatIcon size={22} />}
        tone="palm"
      />
      <ContactOption
        href={mailLink('Enquiry', 'Hello Sixteen,\n\n')}
        label="Email"
        hint={SITE.supportEmail}
        icon={<MailIcon size={22} />}
        tone="clay"
      />
    </Panel>
  )
}

const option = cx(optionCard(), css({ minH: '16', p: '3', pr: '4' }))

const badge = {
  palm: css({ bg: 'palm.50', color: 'palm.600' }),
  clay: css({ bg: 'clay.50', color: 'clay.600' }),
}

/** One way to reach us: the label is the link's name, the hint its description. */
function ContactOption({
  href,
  newTab = false,
  label,
  hint,
  icon,
  tone,
}: {
  href: string
  newTab?: boolean
  label: string
  hint: string
  icon: ReactNode
  tone: keyof typeof badge
}) {
  const labelId = useId()
  const hintId = useId()
  return (
    <a
      href={href}
      className={cx('group', option)}
      aria-labelledby={labelId}
      aria-describedby={hintId}
      {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
    >
      <span
        className={cx(
          css({ display: 'grid', placeItems: 'center', w: '11', h: '11', borderRadius: 'full' }),
          badge[tone],
        )}
      >
        {icon}
      </span>
      <span className={css({ flex: '1', minW: '0' })}>
        <span
          id={labelId}
          className={css({ display: 'block', fontWeight: 'semibold', fontSize: 'md' })}
        >
          {label}
        </span>
        <span
          id={hintId}
          className={css({ display: 'block', textStyle: 'note', overflowWrap: 'anywhere' })}
        >
          {hint}
          {newTab && <span className={css({ srOnly: true })}> (opens in a new tab)</span>}
        </span>
      </span>
      <span
        className={css({
          color: 'fg.subtle',
          transition: 'transform 0.15s, color 0.15s',
          _groupHover: { color: 'fg.default', transform: 'translateX(2px)' },
        })}
      >
        {newTab ? <ExternalIcon /> : <ArrowRightIcon />}
      </span>
    </a>
  )
}
