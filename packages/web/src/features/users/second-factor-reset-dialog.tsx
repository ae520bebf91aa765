import { ConfirmDialog, type ConfirmTexts } from "../../components/confirm-dialog";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";

const texts: ConfirmTexts = { title: "Reset Two-Factor Sign-In", label: "Reset", pendingLabel: "Resetting..." };

/** For a person who lost their phone and recovery codes: removes their second factor, signs them out. */
export function SecondFactorResetDialog({ user, onClose }: { user: ListedUser | null; onClose(): void }) {
  const reset = trpc.users.resetSecondFactor.useMutation(
    toastOutcome(
      () => ["Two-factor sign-in reset", `${user?.name} signs in with the password alone, and may set it up again.`],
      "Failed to reset two-factor sign-in",
      onClose,
    ),
  );
  return (
    <ConfirmDialog item={user} onClose={onClose} texts={texts} mutation={reset} input={(u) => ({ id: u.id })}>
      {user?.name} ({user?.email}) will be signed out everywhere, and their authenticator app and recovery codes will no
      longer work. Do this only once you are sure who asked.
    </ConfirmDialog>
  );
}
