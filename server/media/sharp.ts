import type sharpFunction from 'sharp'

let loading: Promise<typeof sharpFunction> | null = null

/**
 * sharp, loaded with the first image someone uploads, not with the server: its image library
 * (libvips) holds about 28 MB and takes 0.3 s to load, which a server that is sent no image
 * should not pay at every start.
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  loading ??= import('sharp').then((module) => module.default)
  return loading
}
