// The SPA shell's stylesheet loads without holding back the first paint, so that the loading indicator in
// index.html shows at once on a slow line (docs/features.md §7). vite.config.ts marks it; main.tsx applies
// it before the app renders, so the app is never drawn unstyled.

/** On a <link rel="stylesheet" media="print">: the media it takes once applied. */
export const DEFERRED_MEDIA = "data-deferred-media";

/**
 * Applies every deferred stylesheet where it stands (its place in <head> keeps the cascade: the theme's
 * and the lazy screens' styles still come after it) and resolves once each has loaded or failed.
 */
export function applyDeferredStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_MEDIA}]`)];
  return Promise.all(
    links.map((link) => {
      // A stylesheet fetched for "print" is parsed all the same: `sheet` is set once it has loaded.
      const loaded = link.sheet
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            link.addEventListener("load", () => resolve(), { once: true });
            link.addEventListener("error", () => resolve(), { once: true });
          });
      link.media = link.getAttribute(DEFERRED_MEDIA) ?? "all";
      link.removeAttribute(DEFERRED_MEDIA);
      return loaded;
    }),
  ).then(() => undefined);
}
