import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { MemberPage } from './member-page'

/** A screen of the staff tools (/staff): the member area's page, under 'Front desk'. */
export function StaffPage({
  title,
  lead,
  back = '/staff',
  width,
  children,
}: {
  title: string
  lead?: ReactNode
  back?: string
  width?: '2xl' | '4xl'
  children: ReactNode
}) {
  return (
    <MemberPage
      title={title}
      lead={lead}
      back={back}
      width={width}
      kicker="Front desk"
      roomForBar={false}
    >
      {children}
    </MemberPage>
  )
}

/** What a person without the staff role sees (the server said 403). */
export function NotStaff() {
  return (
    <div
      role="alert"
      className={grid({
        layerStyle: 'card',
        px: '5',
        py: '6',
        textAlign: 'center',
        justifyItems: 'center',
        gap: '2',
      })}
    >
      <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
        This is for the hotel's staff
      </p>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', maxW: '22rem' })}>
        Your account can't open the front desk. If you work here, ask a manager to add you.
      </p>
      <Link to="/menu" className={button({ variant: 'outline', size: 'md' })}>
        Back to the menu
      </Link>
    </div>
  )
}
