/**
 * The meta tag that carries the provider's brand palette (app/brand-theme.ts) to the islands of a rendered
 * page: written by the root route's head only for a colour of the provider's own, as the ten shades, so
 * that entry-site.tsx takes them as they are and a marketing page downloads no colour arithmetic.
 */
export const BRAND_PALETTE_META = "brand-palette";
