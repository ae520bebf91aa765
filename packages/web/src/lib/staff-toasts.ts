// The staff portal's toasts (docs/product-spec.md §8): successes with a title and a sentence, failures as a
// destructive toast titled "Error" carrying the server's text or the screen's fallback.
import { notifications } from "@mantine/notifications";
import { serverMessage } from "./server-message";

export function showSuccess(title: string, message: string): void {
  show({ title, message, color: "green" });
}

/** A destructive toast; `title` is "Error" unless the spec names another (e.g. "Login failed"). */
export function showFailure(message: string, title = "Error"): void {
  show({ title, message, color: "red" });
}

/**
 * One toast at a time (docs/product-spec.md §9), and the newest wins: with Mantine's `limit` alone a new toast
 * would wait in a queue behind the visible one, so a failure could surface seconds after the fact.
 */
function show(toast: { title: string; message: string; color: string }): void {
  notifications.clean();
  notifications.show(toast);
}

/** A failed call: the server's own message when it answered, else `fallback`. */
export function showCallFailure(error: unknown, fallback: string, title = "Error"): void {
  showFailure(serverMessage(error, fallback), title);
}
