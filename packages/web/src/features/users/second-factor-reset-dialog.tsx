import { Modal, Text } from "@mantine/core";
import { FormActions } from "../../components/form-actions";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";

/** For a person who lost their phone and recovery codes: removes their second factor, signs them out. */
export function SecondFactorResetDialog({ user, onClose }: { user: ListedUser | null; onClose(): void }) {
  const reset = trpc.users.resetSecondFactor.useMutation({
    onSuccess: () => {
      showSuccess(
        "Two-factor sign-in reset",
        `${user?.name} signs in with the password alone, and may set it up again.`,
      );
      onClose();
    },
    onError: (error) => showCallFailure(error, "Failed to reset two-factor sign-in"),
  });
  return (
    <Modal opened={user !== null} onClose={onClose} title="Reset Two-Factor Sign-In" centered>
      <Text size="sm">
        {user?.name} ({user?.email}) will be signed out everywhere, and their authenticator app and recovery codes will
        no longer work. Do this only once you are sure who asked.
      </Text>
      <FormActions
        onCancel={onClose}
        pending={reset.isPending}
        label="Reset"
        pendingLabel="Resetting..."
        onConfirm={() => user && reset.mutate({ id: user.id })}
        color="red"
        mt="lg"
      />
    </Modal>
  );
}
