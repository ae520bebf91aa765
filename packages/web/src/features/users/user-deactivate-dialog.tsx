import { ConfirmDialog } from "../../components/confirm-dialog";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";

/** Asks before deactivating: the person is signed out everywhere and can no longer sign in. */
export function UserDeactivateDialog({ user, onClose }: { user: ListedUser | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const deactivate = trpc.users.update.useMutation(
    toastOutcome(
      (saved: { name: string }) => ["User deactivated", `${saved.name} has been signed out and can no longer sign in.`],
      "Failed to deactivate user",
      async () => {
        await utils.users.invalidate();
        onClose();
      },
    ),
  );

  return (
    <ConfirmDialog
      opened={user !== null}
      onClose={onClose}
      title="Deactivate User"
      label="Deactivate"
      pendingLabel="Deactivating..."
      pending={deactivate.isPending}
      onConfirm={() => user && deactivate.mutate({ id: user.id, active: false })}
    >
      {user?.name} ({user?.email}) will be signed out everywhere and can no longer sign in. Their tickets and comments
      stay. You can reactivate the account later.
    </ConfirmDialog>
  );
}
