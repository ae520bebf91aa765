import { Modal, Select, Stack } from "@mantine/core";
import type { Role } from "@repo/validators";
import { useEffect, useState } from "react";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { staleCurrent } from "../../lib/use-versioned-edits";
import type { ListedUser } from "./api-types";
import { ROLE_OPTIONS } from "./role-options";
import { UserDialogFooter } from "./user-dialog-footer";

interface UserRoleModalProps {
  user: ListedUser | null;
  onClose(): void;
  companies: { value: string; label: string }[];
}

/** Changes a user's role (and company, for a CLIENT). The server ends their sessions on any change. */
export function UserRoleModal({ user, onClose, companies }: UserRoleModalProps) {
  const utils = trpc.useUtils();
  const [role, setRole] = useState<Role>("AGENT");
  const [clientId, setClientId] = useState<string | null>(null);
  useEffect(() => {
    if (!user) return;
    setRole(user.role);
    setClientId(user.clientId);
  }, [user]);

  const update = trpc.users.update.useMutation({
    onSuccess: async (saved) => {
      showSuccess("Role changed", `${saved.name} is now ${saved.role}. Their open sessions have ended.`);
      await utils.users.invalidate();
      onClose();
    },
    onError: async (error) => {
      showCallFailure(error, "Failed to change role");
      // Changed by someone else since the list was read (docs/architecture.md §8a): show the person as now.
      if (staleCurrent(error)) {
        await utils.users.invalidate();
        onClose();
      }
    },
  });
  const needsCompany = role === "CLIENT" && !clientId;
  const unchanged = user !== null && role === user.role && (role !== "CLIENT" || clientId === user.clientId);

  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Change role: ${user.name}` : ""} centered>
      <Stack gap="sm">
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(v) => v && setRole(v as Role)}
          allowDeselect={false}
        />
        {role === "CLIENT" && (
          <Select
            label="Company"
            placeholder="Select a company"
            data={companies}
            value={clientId}
            onChange={setClientId}
            required
            searchable
            error={needsCompany ? "A client user needs a company" : undefined}
          />
        )}
        <UserDialogFooter
          note={`Changing the role signs ${user?.name ?? "the user"} out everywhere.`}
          onCancel={onClose}
          mutation={update}
          label="Change Role"
          onConfirm={() =>
            user &&
            update.mutate({ id: user.id, role, ...(role === "CLIENT" ? { clientId } : {}), version: user.version })
          }
          disabled={needsCompany || unchanged}
        />
      </Stack>
    </Modal>
  );
}
