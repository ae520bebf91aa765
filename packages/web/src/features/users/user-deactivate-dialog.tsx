import { ConfirmDialog, type ConfirmTexts } from "../../components/confirm-dialog";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";

const texts: ConfirmTexts = { title: "Deactivate User", label: "Deactivate", pendingLabel: "Deactivating..." };
const deactivating = (user: ListedUser) => ({ id: user.id, active: false });

/** Asks before deactivating: the person is signed out everywhere and can no longer sign in. */
export function UserDeactivateDialog({ user, onClose }: { user: ListedUser | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const deactivate = trpc.users.update.useMutation(
    toastOutcome(
      (saved: { name: string }) => ["User deactivated", `${saved.name} has been signed out and can no longer sign in.`],
      "Failed to deactivate user",
      () => utils.users.invalidate().then(onClose),
    ),
  );

  return (
    <ConfirmDialog item={user} onClose={onClose} texts={texts} mutation={deactivate} input={deactivating}>
      {user?.name} ({user?.email}) will be signed out everywhere and can no longer sign in. Their tickets and comments
      stay. You can reactivate the account later.
    </ConfirmDialog>
  );
}
