// The staff portal's toasts (docs/product-spec.md §8): successes with a title and a sentence, failures as a
// destructive toast titled "Error" carrying the server's text or the screen's fallback.
import { notifications } from "@mantine/notifications";
import { serverMessage } from "./server-message";

export function showSuccess(title: string, message: string): void {
  notifications.show({ title, message, color: "green" });
}

/** A destructive toast; `title` is "Error" unless the spec names another (e.g. "Login failed"). */
export function showFailure(message: string, title = "Error"): void {
  notifications.show({ title, message, color: "red" });
}

/** A failed call: the server's own message when it answered, else `fallback`. */
export function showCallFailure(error: unknown, fallback: string, title = "Error"): void {
  showFailure(serverMessage(error, fallback), title);
}
