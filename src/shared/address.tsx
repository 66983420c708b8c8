import { Fragment } from 'react'
import { css, cx } from '../../styled-system/css'

/**
 * An e-mail address that fits a phone: it may break before its '@' and its dots (where a reader
 * expects a long address to break, the mark starting the next line), and anywhere only where a
 * part is wider than the line.
 */
export function Address({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/)
  return (
    <span className={cx(css({ overflowWrap: 'anywhere' }), className)}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never reorder
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
