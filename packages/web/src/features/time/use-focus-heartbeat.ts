import { FOCUS_HEARTBEAT_MS } from "@repo/validators";
import { use, useEffect } from "react";
import { LiveSendContext } from "../../lib/live-updates";

/** A beat the socket could not take (not open yet, reconnecting) is tried again this soon. */
const RETRY_MS = 2000;

/**
 * While a ticket page is open, visible and in focus, tells the server so every FOCUS_HEARTBEAT_MS over the
 * live-updates socket; the server drafts time entries from it (docs/features.md "Time: drafts"). A page in a
 * background tab, a minimised window or behind another application sends nothing, so two open tickets
 * never count twice.
 */
export function useFocusHeartbeat(ticketId: string | undefined): void {
  const send = use(LiveSendContext);
  useEffect(() => {
    if (!ticketId) return;
    const message = JSON.stringify({ type: "focus", ticketId });
    let retry: ReturnType<typeof setTimeout> | undefined;
    const beat = () => {
      clearTimeout(retry);
      if (document.visibilityState !== "visible" || !document.hasFocus()) return;
      if (!send(message)) retry = setTimeout(beat, RETRY_MS);
    };
    beat();
    const timer = setInterval(beat, FOCUS_HEARTBEAT_MS);
    window.addEventListener("focus", beat);
    document.addEventListener("visibilitychange", beat);
    return () => {
      clearInterval(timer);
      clearTimeout(retry);
      window.removeEventListener("focus", beat);
      document.removeEventListener("visibilitychange", beat);
    };
  }, [ticketId, send]);
}
