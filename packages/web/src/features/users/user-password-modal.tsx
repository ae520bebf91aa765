import { Modal, PasswordInput, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { PASSWORD_MIN, userPasswordResetInputSchema } from "@repo/validators";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";
import { UserDialogFooter } from "./user-dialog-footer";

/** Sets a new password for someone who lost theirs; every session of theirs ends. */
export function UserPasswordModal({ user, onClose }: { user: ListedUser | null; onClose(): void }) {
  const form = useForm({
    initialValues: { password: "" },
    validate: schemaResolver(userPasswordResetInputSchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const reset = trpc.users.resetPassword.useMutation({
    onSuccess: () => {
      showSuccess(
        "Password reset",
        `${user?.name ?? "The user"} has been signed out everywhere; share the new password securely.`,
      );
      close();
    },
    onError: (error) => showCallFailure(error, "Failed to reset password"),
  });

  return (
    <Modal opened={user !== null} onClose={close} title={user ? `Reset password: ${user.name}` : ""} centered>
      <form
        onSubmit={form.onSubmit(({ password }) => {
          if (user) reset.mutate({ id: user.id, password });
        })}
        noValidate
      >
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN} characters.`}
            autoComplete="new-password"
            data-autofocus
            {...form.getInputProps("password")}
          />
          <UserDialogFooter
            note="Their open sessions end as soon as the password changes."
            onCancel={close}
            mutation={reset}
            label="Set Password"
          />
        </Stack>
      </form>
    </Modal>
  );
}
