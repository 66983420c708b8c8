import { defineSemanticTokens, defineTokens } from '@pandacss/dev'
import { layerStyles } from './layer-styles'
import { recipes, slotRecipes } from './recipes'
import { textStyles } from './text-styles'

// Warm Lagos palette: clay (brand), palm (success / members), sand (canvas), ink (text).
const tokens = defineTokens({
  colors: {
    clay: {
      50: { value: '#fbf4ef' },
      100: { value: '#f5e3d6' },
      200: { value: '#ebc4a9' },
      300: { value: '#df9f76' },
      400: { value: '#cd7c4b' },
      500: { value: '#b3592a' },
      600: { value: '#a44b22' },
      700: { value: '#85391d' },
      800: { value: '#6a2f1b' },
      900: { value: '#4f2416' },
    },
    palm: {
      50: { value: '#eff7f2' },
      100: { value: '#d6ebdf' },
      300: { value: '#7fb89a' },
      500: { value: '#2f7d57' },
      600: { value: '#236646' },
      700: { value: '#1b5038' },
    },
    sand: {
      50: { value: '#fcfaf6' },
      100: { value: '#f6f1e8' },
      200: { value: '#ece3d3' },
      300: { value: '#ddd0b9' },
      400: { value: '#c2b196' },
    },
    ink: {
      500: { value: '#6f6659' },
      600: { value: '#575045' },
      700: { value: '#3d3830' },
      800: { value: '#2a2620' },
      900: { value: '#1a1713' },
    },
    berry: { 50: { value: '#fdf0f0' }, 500: { value: '#c53030' }, 600: { value: '#a52626' } },
    sun: { 50: { value: '#fff8e6' }, 300: { value: '#f5c451' }, 600: { value: '#8a6100' } },
  },
  fonts: {
    display: { value: '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif' },
    body: {
      value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
  },
  radii: { l1: { value: '6px' }, l2: { value: '10px' }, l3: { value: '16px' } },
  durations: { fade: { value: '1s' } },
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    dropdown: { value: 1000 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    toast: { value: 1700 },
  },
})

const semanticTokens = defineSemanticTokens({
  colors: {
    canvas: { value: '{colors.sand.50}' },
    surface: { value: '#ffffff' },
    muted: { value: '{colors.sand.100}' },
    border: { value: '{colors.sand.200}' },
    fg: {
      default: { value: '{colors.ink.900}' },
      muted: { value: '{colors.ink.600}' },
      subtle: { value: '{colors.ink.500}' },
      onAccent: { value: '#ffffff' },
    },
    accent: {
      default: { value: '{colors.clay.600}' },
      emphasized: { value: '{colors.clay.700}' },
      subtle: { value: '{colors.clay.50}' },
    },
    success: { default: { value: '{colors.palm.600}' }, subtle: { value: '{colors.palm.50}' } },
    danger: { default: { value: '{colors.berry.500}' }, subtle: { value: '{colors.berry.50}' } },
    warning: { default: { value: '{colors.sun.600}' }, subtle: { value: '{colors.sun.50}' } },
  },
})

export const theme = {
  extend: {
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    recipes,
    slotRecipes,
    keyframes: {
      fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
      shimmer: {
        '0%': { backgroundPosition: '-400px 0' },
        '100%': { backgroundPosition: '400px 0' },
      },
      slideUp: { from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } },
      marquee: { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } },
      drift: {
        '0%, 100%': { transform: 'translateY(0)' },
        '50%': { transform: 'translateY(-8px)' },
      },
      // The landing's birds (its layers move by transform or opacity only).
      birdsFly: {
        from: { transform: 'translate(-40%, 2%)' },
        to: { transform: 'translate(100%, -6%)' },
      },
    },
  },
}
