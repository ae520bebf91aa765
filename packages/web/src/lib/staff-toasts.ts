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

/**
 * A staff call's usual outcome, as the call's options: on success a toast (its title and sentence made from
 * the answer), then `after` (refresh a list, close the dialog); on failure the server's text or `failure`.
 */
export function toastOutcome<T>(
  success: (saved: T) => [title: string, message: string],
  failure: string,
  after?: (saved: T) => unknown,
) {
  return {
    onSuccess: async (saved: T) => {
      showSuccess(...success(saved));
      await after?.(saved);
    },
    onError: (error: unknown) => showCallFailure(error, failure),
  };
}
