import { ConfirmDialog } from "../../components/confirm-dialog";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";

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
    <ConfirmDialog
      opened={user !== null}
      onClose={onClose}
      title="Reset Two-Factor Sign-In"
      label="Reset"
      pendingLabel="Resetting..."
      pending={reset.isPending}
      onConfirm={() => user && reset.mutate({ id: user.id })}
    >
      {user?.name} ({user?.email}) will be signed out everywhere, and their authenticator app and recovery codes will no
      longer work. Do this only once you are sure who asked.
    </ConfirmDialog>
  );
}
