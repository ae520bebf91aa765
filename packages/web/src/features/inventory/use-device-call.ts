import { notifications } from "@mantine/notifications";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";

interface Toast {
  title: string;
  message: string;
}

/**
 * The mutation options every device dialog ends with: on success a green toast, the dialog closes and the
 * inventory refetches; on failure an "Error" toast with the server's message, else `failure`.
 */
export function useDeviceCall<Result>(onClose: () => void, success: (result: Result) => Toast, failure: string) {
  const utils = trpc.useUtils();
  return {
    onSuccess: async (result: Result) => {
      notifications.show({ ...success(result), color: "green" });
      onClose();
      await utils.devices.invalidate();
    },
    onError: (error: unknown) => {
      notifications.show({ title: "Error", message: serverMessage(error, failure), color: "red" });
    },
  };
}
