import { Modal, PasswordInput, Select, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { PASSWORD_MIN, registerInputSchema, type Role } from "@repo/validators";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { ROLE_OPTIONS } from "./role-options";
import { UserDialogFooter } from "./user-dialog-footer";

interface UserCreateModalProps {
  opened: boolean;
  onClose(): void;
  companies: { value: string; label: string }[];
}

interface NewUserValues {
  name: string;
  email: string;
  password: string;
  role: Role;
  clientId: string;
}

const EMPTY: NewUserValues = { name: "", email: "", password: "", role: "AGENT", clientId: "" };

/** Creates a user through POST /api/register (ADMIN only); a CLIENT user belongs to one company. */
export function UserCreateModal({ opened, onClose, companies }: UserCreateModalProps) {
  const utils = trpc.useUtils();
  const form = useForm<NewUserValues>({
    initialValues: EMPTY,
    validate: schemaResolver(registerInputSchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const register = trpc.auth.register.useMutation({
    onSuccess: async (user) => {
      showSuccess("User created", `${user.name} can now sign in as ${user.email}.`);
      await utils.users.invalidate();
      close();
    },
    onError: (error) => showCallFailure(error, "Registration failed", "Registration failed"),
  });
  const isClient = form.values.role === "CLIENT";

  return (
    <Modal opened={opened} onClose={close} title="Add User" centered>
      <form
        onSubmit={form.onSubmit(({ clientId, ...values }) =>
          register.mutate({ ...values, ...(values.role === "CLIENT" ? { clientId } : {}) }),
        )}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps("email")} />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN} characters; share it with the person securely.`}
            required
            autoComplete="new-password"
            {...form.getInputProps("password")}
          />
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
          <UserDialogFooter onCancel={close} mutation={register} label="Create User" pendingLabel="Creating..." />
        </Stack>
      </form>
    </Modal>
  );
}
