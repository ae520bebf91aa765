import { Modal, Text } from "@mantine/core";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";
import { UserDialogFooter } from "./user-dialog-footer";

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
    <Modal opened={user !== null} onClose={onClose} title="Deactivate User" centered>
      <Text size="sm">
        {user?.name} ({user?.email}) will be signed out everywhere and can no longer sign in. Their tickets and comments
        stay. You can reactivate the account later.
      </Text>
      <UserDialogFooter
        onCancel={onClose}
        mutation={deactivate}
        label="Deactivate"
        pendingLabel="Deactivating..."
        onConfirm={() => user && deactivate.mutate({ id: user.id, active: false })}
        color="red"
        mt="lg"
      />
    </Modal>
  );
}
