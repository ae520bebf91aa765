import { Notifications } from "@mantine/notifications";
import { TOASTS } from "../lib/ui-constants";

/** docs/product-spec.md §9: one toast at a time, 5000 ms, at most 420 px wide; drag to dismiss is Mantine's default. */
export function Toasts() {
  return (
    <Notifications limit={TOASTS.limit} autoClose={TOASTS.durationMs} containerWidth={TOASTS.viewportMaxWidthPx} />
  );
}
