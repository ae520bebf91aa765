import { Checkbox, Modal, PasswordInput, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { PASSWORD_MIN, plural, type UserPasswordReset, userPasswordResetInputSchema } from "@repo/validators";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { ListedUser } from "./api-types";
import { UserDialogFooter } from "./user-dialog-footer";

/** What the reset removed besides the password, in a sentence; empty when nothing. */
export function removedSentence({ passkeys, authenticatorApp }: UserPasswordReset["removed"]): string {
  const parts = [passkeys > 0 ? plural(passkeys, "passkey") : "", authenticatorApp ? "the authenticator app" : ""];
  const said = parts.filter(Boolean).join(" and ");
  return said ? ` Removed ${said}.` : "";
}

/**
 * Sets a new password for someone who lost theirs (or whose account was taken); every session of theirs
 * ends. Their passkeys and authenticator app go too unless the admin unticks it: a passkey signs in
 * without the password, so a thief's own would survive the reset.
 */
export function UserPasswordModal({ user, onClose }: { user: ListedUser | null; onClose(): void }) {
  const form = useForm({
    initialValues: { password: "", removeFactors: true },
    validate: schemaResolver(userPasswordResetInputSchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const reset = trpc.users.resetPassword.useMutation({
    onSuccess: (result) => {
      showSuccess(
        "Password reset",
        `${user?.name ?? "The user"} has been signed out everywhere; share the new password securely.${removedSentence(result.removed)}`,
      );
      close();
    },
    onError: (error) => showCallFailure(error, "Failed to reset password"),
  });

  return (
    <Modal opened={user !== null} onClose={close} title={user ? `Reset password: ${user.name}` : ""} centered>
      <form
        onSubmit={form.onSubmit(({ password, removeFactors }) => {
          if (user) reset.mutate({ id: user.id, password, removeFactors });
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
          <Checkbox
            label="Also remove passkeys and second factors"
            description="Whoever had the account may have added their own."
            {...form.getInputProps("removeFactors", { type: "checkbox" })}
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
