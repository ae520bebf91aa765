import { readStoredUser } from "../../lib/auth-storage";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

/** ADMIN only (the server refuses everyone else): puts a failed mail back in the queue. */
export function useRetryMail() {
  const utils = trpc.useUtils();
  const canRetry = readStoredUser()?.role === "ADMIN";
  const retry = trpc.mail.retry.useMutation({
    onSuccess: (mail) => {
      showSuccess("Mail queued again", `The mail to ${mail.to} will be sent again shortly.`);
      void utils.mail.invalidate();
    },
    onError: (error) => showCallFailure(error, "Failed to retry the mail"),
  });
  return { canRetry, retry };
}
