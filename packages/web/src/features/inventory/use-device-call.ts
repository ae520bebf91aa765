import { useState } from "react";
import { httpStatus, serverMessage } from "../../lib/server-message";
import { staleCurrent } from "../../lib/use-versioned-edits";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";

interface Toast {
  title: string;
  message: string;
}

/**
 * The mutation options every device dialog ends with: on success a green toast, the dialog closes and the
 * inventory refetches; on failure an "Error" toast with the server's message, else `failure`. A 409 is
 * about the serial number (taken in this company, or held by another one): `onConflict` also gets its
 * message, for the form to show under the field, where it stays while the person fixes the number.
 */
export function useDeviceCall<Result>(
  onClose: () => void,
  success: (result: Result) => Toast,
  failure: string,
  onConflict?: (message: { text: string }) => void,
) {
  const utils = trpc.useUtils();
  return {
    onSuccess: async (result: Result) => {
      const { title, message } = success(result);
      toastSuccess(title, message);
      onClose();
      await utils.devices.invalidate();
    },
    onError: async (error: unknown) => {
      toastCallFailure(error, failure);
      // Saved elsewhere since the dialog opened (docs/architecture.md §8a): the list shows the new values.
      if (staleCurrent(error)) return void (await utils.devices.invalidate());
      if (httpStatus(error) === 409) onConflict?.({ text: serverMessage(error, failure) });
    },
  };
}

/**
 * `useDeviceCall` for a dialog with the device form: it also keeps the serial number's refusal to show
 * under the field, and `close` clears it, so a refusal belongs to the form it answered and the next
 * opening starts clean.
 */
export function useDeviceFormCall<Result>(onClose: () => void, success: (result: Result) => Toast, failure: string) {
  const [serialConflict, setSerialConflict] = useState<{ text: string } | null>(null);
  const close = () => {
    setSerialConflict(null);
    onClose();
  };
  return { close, serialConflict, callbacks: useDeviceCall(close, success, failure, setSerialConflict) };
}
