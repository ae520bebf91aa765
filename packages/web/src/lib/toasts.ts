// The client portal's and the device inventory's toasts. The staff screens use staff-toasts.ts. Either way
// one toast shows at a time, the newest (app/toasts.tsx, docs/product-spec.md §9).
import { notifications } from "@mantine/notifications";
import { serverMessage } from "./server-message";

export function toastSuccess(title: string, message: string): void {
  notifications.show({ title, message, color: "green" });
}

/** A failed call, titled "Error": the server's own message when it answered, else `fallback`. */
export function toastCallFailure(error: unknown, fallback: string): void {
  notifications.show({ title: "Error", message: serverMessage(error, fallback), color: "red" });
}
