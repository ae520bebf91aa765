import { type NotificationData, Notifications, notifications, notificationsStore } from "@mantine/notifications";
import { useEffect } from "react";
import { TOASTS } from "../lib/ui-constants";

/**
 * docs/product-spec.md §9: one toast at a time, 5000 ms, at most 420 px wide; drag to dismiss is Mantine's
 * default. Which one: the newest (see `keepNewestToast`), never one that waited in a queue.
 */
export function Toasts() {
  useEffect(() => {
    const replaceQueued = () => {
      if (notificationsStore.getState().queue.length > 0)
        notifications.updateState(notificationsStore, keepNewestToast);
    };
    replaceQueued();
    return notificationsStore.subscribe(replaceQueued);
  }, []);
  return (
    <Notifications limit={TOASTS.limit} autoClose={TOASTS.durationMs} containerWidth={TOASTS.viewportMaxWidthPx} />
  );
}

/**
 * The toast to keep when another is shown: the newest of the highest priority. With Mantine's `limit`
 * alone a new toast waits until the visible one closes, so a person saw "Login failed" on the dashboard
 * after signing in, and their "Ticket created" 5 s late behind a live "Ticket Updated". Live
 * messages carry `TOASTS.livePriority`: they never cover a person's own confirmation, and are dropped
 * rather than shown late. `toasts` comes in the store's order: priority first, then the order shown.
 */
export function keepNewestToast<Toast extends Pick<NotificationData, "priority">>(toasts: Toast[]): Toast[] {
  const top = Math.max(...toasts.map((toast) => toast.priority ?? 0));
  const newest = toasts.findLast((toast) => (toast.priority ?? 0) === top);
  return newest ? [newest] : [];
}
