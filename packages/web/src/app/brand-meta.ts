/**
 * The meta tag that carries the provider's brand colour to the islands of a rendered page: written by the
 * root route's head only for a colour of the provider's own, read by entry-site.tsx. Apart from
 * brand-theme.ts so that a page in the built-in colour does not download the palette code.
 */
export const BRAND_META = "theme-color";
