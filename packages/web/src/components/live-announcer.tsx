import { VisuallyHidden } from "@mantine/core";
import { useSyncExternalStore } from "react";

// What changed on screen without the person doing anything (a live update refreshed a list), said once
// by screen readers through a polite live region (WCAG 4.1.3). One region per page, in the portal layouts.
let message = "";
const listeners = new Set<() => void>();

/** Says `text` to screen-reader users; a repeat of the same text is said again. */
export function announce(text: string): void {
  // A live region speaks on change: the same words twice need a visible-to-nobody difference.
  message = message === text ? `${text}\u00a0` : text;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function LiveAnnouncer() {
  const text = useSyncExternalStore(
    subscribe,
    () => message,
    () => "",
  );
  return (
    <VisuallyHidden role="status" aria-live="polite" data-testid="live-announcer">
      {text}
    </VisuallyHidden>
  );
}
