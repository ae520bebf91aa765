// Single-key shortcuts of the agent desk (docs/architecture.md §18): the ticket list's j, k, Enter, a, x
// and the ticket page's r, n, and ? on both. A shortcut never fires while the person is typing (an input,
// a textarea, a select, anything contenteditable) or holds Ctrl, Meta or Alt, so it can never swallow a
// letter or take over a browser or screen-reader command.
import { useEffect, useRef } from "react";

/** True when the key press belongs to a field being typed in, not to the page. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  // An <input> that is a checkbox, radio or button takes no text: keys there are the page's.
  const field = element.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
  if (!field) return false;
  if (field instanceof HTMLInputElement) {
    return !["checkbox", "radio", "button", "submit", "reset"].includes(field.type);
  }
  return true;
}

/** Whether a key press is left to the browser and the field it lands in. */
export function ignoresShortcut(
  event: Pick<KeyboardEvent, "ctrlKey" | "metaKey" | "altKey" | "target" | "isComposing">,
) {
  return event.ctrlKey || event.metaKey || event.altKey || event.isComposing || isTypingTarget(event.target);
}

/** A key (as KeyboardEvent.key: "j", "Enter", "?") and what it does. */
export type ShortcutMap = Record<string, (event: KeyboardEvent) => void>;

/**
 * Listens on the document for the keys of `shortcuts` while `enabled`. The handlers may change on every
 * render; the listener reads the latest ones.
 */
export function useShortcuts(shortcuts: ShortcutMap, enabled = true): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || ignoresShortcut(event)) return;
      const handler = latest.current[event.key];
      if (!handler) return;
      // Enter on a focused button or link is that control's own; the list's Enter acts elsewhere only.
      if (event.key === "Enter" && (event.target as Element | null)?.closest?.("a, button, [role='button']")) return;
      event.preventDefault();
      handler(event);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
