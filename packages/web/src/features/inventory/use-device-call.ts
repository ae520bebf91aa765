import { toastCallFailure, toastSuccess } from "../../lib/toasts";
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
      const { title, message } = success(result);
      toastSuccess(title, message);
      onClose();
      await utils.devices.invalidate();
    },
    onError: (error: unknown) => toastCallFailure(error, failure),
  };
}
