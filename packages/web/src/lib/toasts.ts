// Toasts that may stand side by side: the client portal's and the device inventory's. The staff screens use
// staff-toasts.ts instead, which shows one toast at a time (docs/product-spec.md §9).
import { notifications } from "@mantine/notifications";
import { serverMessage } from "./server-message";

export function toastSuccess(title: string, message: string): void {
  notifications.show({ title, message, color: "green" });
}

/** A failed call, titled "Error": the server's own message when it answered, else `fallback`. */
export function toastCallFailure(error: unknown, fallback: string): void {
  notifications.show({ title: "Error", message: serverMessage(error, fallback), color: "red" });
}
