import { Link } from 'react-router-dom'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { SITE } from '../site'

/** Under a members-only event's title: who it is for, and how to join. */
export function MembersOnlyNote({ isMember }: { isMember: boolean }) {
  return (
    <p
      className={flex({
        align: 'flex-start',
        gap: '2.5',
        mt: '4',
        px: '4',
        py: '3',
        borderRadius: 'l2',
        bg: 'palm.50',
        color: 'palm.700',
        fontSize: 'sm',
        lineHeight: '1.5',
      })}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden
        className={css({ flexShrink: '0', mt: '0.5' })}
      >
        <path
          d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3z"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span>
        <strong className={css({ fontWeight: 'semibold' })}>Members only.</strong>{' '}
        {isMember ? (
          `This one is for ${SITE.programme}, and you are one of them.`
        ) : (
          <>
            {`This event is for active members of ${SITE.programme}. `}
            <Link
              to="/membership"
              className={css({
                fontWeight: 'semibold',
                textDecoration: 'underline',
                textUnderlineOffset: '2px',
                whiteSpace: 'nowrap',
                _focusVisible: {
                  outline: '2px solid',
                  outlineColor: 'palm.600',
                  outlineOffset: '2px',
                },
              })}
            >
              How to join
            </Link>
          </>
        )}
      </span>
    </p>
  )
}
