import { Modal, PasswordInput, Radio, Select, Stack, TextInput } from "@mantine/core";
import { type FormErrors, schemaResolver, useForm } from "@mantine/form";
import { PASSWORD_MIN, registerInputSchema, type Role, userInviteInputSchema } from "@repo/validators";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { ROLE_OPTIONS } from "./role-options";
import { UserDialogFooter } from "./user-dialog-footer";

interface UserCreateModalProps {
  opened: boolean;
  onClose(): void;
  companies: { value: string; label: string }[];
}

/** How the new person gets their password: chosen by them from a mailed link, or typed here by the admin. */
type SignInSetup = "invite" | "password";

interface NewUserValues {
  setup: SignInSetup;
  name: string;
  email: string;
  password: string;
  role: Role;
  clientId: string;
}

const EMPTY: NewUserValues = { setup: "invite", name: "", email: "", password: "", role: "AGENT", clientId: "" };

const checks: Record<SignInSetup, (values: NewUserValues) => FormErrors> = {
  invite: schemaResolver(userInviteInputSchema, { sync: true }),
  password: schemaResolver(registerInputSchema, { sync: true }),
};

/**
 * Adds a user (ADMIN only); a CLIENT user belongs to one company. By default the person is invited by
 * mail (POST /api/users/invitations) and chooses their own password; the admin may still set one through
 * POST /api/register (docs/features.md, Users).
 */
export function UserCreateModal({ opened, onClose, companies }: UserCreateModalProps) {
  const utils = trpc.useUtils();
  const form = useForm<NewUserValues>({
    initialValues: EMPTY,
    validate: (values) => checks[values.setup](values),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const done = async (title: string, message: string) => {
    showSuccess(title, message);
    await utils.users.invalidate();
    close();
  };
  const register = trpc.auth.register.useMutation({
    onSuccess: (user) => done("User created", `${user.name} can now sign in as ${user.email}.`),
    onError: (error) => showCallFailure(error, "Registration failed", "Registration failed"),
  });
  const invite = trpc.users.invite.useMutation({
    onSuccess: (user) =>
      done("Invitation sent", `${user.name} will get a mail at ${user.email} to choose a password (valid 7 days).`),
    onError: (error) => showCallFailure(error, "Invitation failed", "Invitation failed"),
  });
  const isClient = form.values.role === "CLIENT";
  const inviting = form.values.setup === "invite";

  return (
    <Modal opened={opened} onClose={close} title="Add User" centered>
      <form
        onSubmit={form.onSubmit(({ setup, clientId, password, ...values }) => {
          const person = { ...values, ...(values.role === "CLIENT" ? { clientId } : {}) };
          if (setup === "invite") invite.mutate(person);
          else register.mutate({ ...person, password });
        })}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps("email")} />
          <Radio.Group label="Sign-in" {...form.getInputProps("setup")}>
            <Stack gap="xs" mt={4}>
              <Radio value="invite" label="Send an invitation" description="They choose their own password." />
              <Radio value="password" label="Set a password" />
            </Stack>
          </Radio.Group>
          {!inviting && (
            <PasswordInput
              label="Password"
              description={`At least ${PASSWORD_MIN} characters; share it with the person securely.`}
              required
              autoComplete="new-password"
              {...form.getInputProps("password")}
            />
          )}
          <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps("role")} />
          {isClient && (
            <Select
              label="Company"
              placeholder="Select a company"
              data={companies}
              required
              searchable
              {...form.getInputProps("clientId")}
            />
          )}
          {inviting ? (
            <UserDialogFooter
              onCancel={close}
              mutation={invite}
              label="Send Invitation"
              pendingLabel="Sending..."
              note="The link in the mail works once, for 7 days."
            />
          ) : (
            <UserDialogFooter onCancel={close} mutation={register} label="Create User" pendingLabel="Creating..." />
          )}
        </Stack>
      </form>
    </Modal>
  );
}
