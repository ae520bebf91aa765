/**
 * The stand-in shown when a page's picture fails to load: an inline SVG (it cannot fail for the same
 * reason the file did) in the site's colours, with the picture's subject written on it.
 */
export function illustrationFallback(label: string): string {
  const text = label.replace(/[<>&"]/g, "");
  return (
    "data:image/svg+xml;charset=utf-8," +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600">` +
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c64d9"/><stop offset="1" stop-color="#0b3a86"/></linearGradient></defs>` +
        `<rect width="1200" height="600" fill="url(#g)"/>` +
        `<circle cx="1040" cy="120" r="180" fill="#fff" opacity=".07"/><circle cx="160" cy="520" r="220" fill="#fff" opacity=".05"/>` +
        `<text x="600" y="315" text-anchor="middle" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff">${text}</text>` +
        `</svg>`,
    )
  );
}
