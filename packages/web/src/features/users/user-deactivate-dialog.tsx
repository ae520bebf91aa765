import { ConfirmDialog } from "../../components/confirm-dialog";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";

/** Asks before deactivating: the person is signed out everywhere and can no longer sign in. */
export function UserDeactivateDialog({ user, onClose }: { user: ListedUser | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const deactivate = trpc.users.update.useMutation({
    onSuccess: async (saved) => {
      showSuccess("User deactivated", `${saved.name} has been signed out and can no longer sign in.`);
      await utils.users.list.invalidate();
      onClose();
    },
    onError: (error) => showCallFailure(error, "Failed to deactivate user"),
  });

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
