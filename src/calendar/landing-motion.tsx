import { type ReactNode, useId } from 'react'
import { css } from '../../styled-system/css'

// Each moving part is its own layer over the still image, cropped like it (same viewBox, 'slice'
// as object-fit: cover), and moves only by transform or opacity: the compositor animates it
// without the main thread. Reduced motion leaves every layer at rest.
const layer = css({
  position: 'absolute',
  inset: '0',
  w: 'full',
  h: 'full',
  pointerEvents: 'none',
  '[data-paused] &': { animationPlayState: 'paused' },
  _motionReduce: { animation: 'none' },
})

const BULBS = [
  [123, 142],
  [176, 161],
  [229, 174],
  [282, 183],
  [335, 186],
  [388, 185],
  [441, 178],
  [494, 167],
  [547, 150],
  [653, 150],
  [706, 167],
  [759, 178],
  [812, 185],
  [865, 186],
  [918, 183],
  [971, 174],
  [1024, 161],
  [1077, 142],
] as const

function Layer({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 1200 900"
      preserveAspectRatio="xMidYMid slice"
      className={`${layer} ${className}`}
    >
      {children}
    </svg>
  )
}

/** Two moving layers: the sun's glow and the string lights breathe together; birds cross the sky. */
export function LandingMotion() {
  const sky = useId()
  return (
    <>
      <Layer className={css({ animation: 'fadeIn 6s ease-in-out infinite alternate' })}>
        {/* The glow stays in the sky, behind the skyline's tops. */}
        <clipPath id={sky}>
          <rect width="1200" height="470" />
        </clipPath>
        <circle
          cx="760"
          cy="420"
          r="230"
          fill="#f5c451"
          fillOpacity=".18"
          clipPath={`url(#${sky})`}
        />
        <g fill="#f5c451" opacity=".45">
          {BULBS.map(([x, y]) => (
            <circle key={x} cx={x} cy={y} r="15" />
          ))}
        </g>
      </Layer>
      <Layer className={css({ animation: 'birdsFly 40s linear infinite' })}>
        <g fill="none" stroke="#3d3830" strokeWidth="2.5" strokeLinecap="round">
          <path d="M300 250q9-9 18 0q9-9 18 0" />
          <path d="M278 186q7-7 14 0q7-7 14 0" />
          <path d="M189 199q6-6 12 0q6-6 12 0" />
        </g>
      </Layer>
    </>
  )
}
