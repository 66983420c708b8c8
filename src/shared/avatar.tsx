import { type StatusDot as Dot, initials } from '../../machines/rules/profile'
import { css, cva, cx } from '../../styled-system/css'
import { disc } from '../../styled-system/recipes'

const DOT_LABEL: Record<Dot, string> = {
  member: 'Active member',
  community: 'Active community member',
  inactive: 'Membership inactive',
}

const dotTone: Record<Dot, string> = {
  member: css({ bg: 'palm.500' }),
  community: css({ bg: 'clay.500' }),
  inactive: css({ bg: 'berry.500' }),
}

/** The small round status mark: green for a member, clay for a community member, red when inactive. */
export function StatusDot({ kind, className }: { kind: Dot; className?: string }) {
  return (
    <span
      role="img"
      aria-label={DOT_LABEL[kind]}
      title={DOT_LABEL[kind]}
      className={cx(
        css({
          display: 'inline-block',
          w: '3.5',
          h: '3.5',
          borderRadius: 'full',
          borderWidth: '2px',
          borderColor: 'canvas',
          flexShrink: 0,
        }),
        dotTone[kind],
        className,
      )}
    />
  )
}

const frame = cva({
  base: { position: 'relative', display: 'inline-flex', flexShrink: 0 },
  variants: {
    size: {
      md: { w: '12', h: '12', fontSize: 'lg' },
      lg: {
        w: { base: '16', md: '20' },
        h: { base: '16', md: '20' },
        fontSize: { base: '2xl', md: '3xl' },
      },
    },
  },
  defaultVariants: { size: 'lg' },
})

/**
 * A person's round picture, or their initials on clay when they have none, with the status dot
 * on its edge.
 */
export function Avatar({
  name,
  picture,
  dot,
  size = 'lg',
}: {
  name: string
  picture?: string | null
  dot?: Dot
  size?: 'md' | 'lg'
}) {
  return (
    <span className={frame({ size })}>
      {picture ? (
        <img
          src={picture}
          alt=""
          width={80}
          height={80}
          className={css({ layerStyle: 'cover', borderRadius: 'full', bg: 'sand.200' })}
        />
      ) : (
        <span
          aria-hidden
          className={cx(
            disc(),
            css({
              w: 'full',
              h: 'full',
              bg: 'clay.100',
              color: 'clay.800',
              fontFamily: 'display',
              letterSpacing: '0.02em',
            }),
          )}
        >
          {initials(name)}
        </span>
      )}
      {dot && (
        <StatusDot
          kind={dot}
          className={css({ position: 'absolute', right: '0', bottom: '0', w: '4', h: '4' })}
        />
      )}
    </span>
  )
}
