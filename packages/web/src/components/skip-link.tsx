import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import "./skip-link.css";

/** The id of each layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * WCAG 2.4.1: the first focusable element of every layout, so keyboard and screen-reader users pass the
 * header and its menus in one step. A plain link: it works before the page's script has loaded.
 */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to main content
    </a>
  );
}

/**
 * After a move to another screen of a portal, focus goes to its <main>, as a page load would put a
 * screen reader at the top of the new page; without it, focus stays on a link or button that is gone.
 * Only a new path counts: a tab or a filter in the address is a change within the screen.
 */
export function useFocusMainOnNavigate(): void {
  const pathname = useLocation({ select: (location) => location.pathname });
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}
