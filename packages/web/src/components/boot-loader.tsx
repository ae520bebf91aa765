/**
 * The loading indicator of index.html, as the router's pending screen: the portals' screens load lazily,
 * and on a slow line the first one arrives seconds after the app has started. Without it, React's first
 * render swapped index.html's indicator for a blank page until then. Styled by index.html's inline style
 * (docs/features.md §7), so it looks the same as before any script ran.
 */
export function BootLoader() {
  return (
    <div className="boot-loader" role="status">
      <div className="boot-loader__spinner" aria-hidden="true" />
      <p>Loading…</p>
    </div>
  );
}
