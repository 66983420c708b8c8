/** Contacts and outside addresses of the hotel, in one place. */
export const SITE = {
  name: 'Sixteen',
  programme: 'Friends of 16',
  tagline: 'a serene space for intimate experiences designed to attract and serve creatives',
  whatsappNumber: '2349010001616',
  supportEmail: 'hello@sixteen.ng',
  /** The print studio's line, for buying books printed in the studio. */
  studioPhone: '+234 901 000 1617',
  reservationsUrl: 'https://book.sixteen.ng/reservations',
} as const

/** A WhatsApp chat with a preset message. */
export const whatsappLink = (text: string) =>
  `https://wa.me/${SITE.whatsappNumber}?text=${encodeURIComponent(text)}`

/** A mail draft to the support address. */
export const mailLink = (subject: string, body: string) =>
  `mailto:${SITE.supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
