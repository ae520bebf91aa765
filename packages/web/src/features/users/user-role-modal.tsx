import { Modal, Select, Stack } from "@mantine/core";
import type { Role } from "@repo/validators";
import { useEffect, useState } from "react";
import { ChangedElsewhereNotice } from "../../components/changed-elsewhere-notice";
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
  // The user as the form is based on: the listed one, or the newer one a refused change answered; and the
  // person's choice that the newer one set aside (docs/architecture.md §8a).
  const [based, setBased] = useState<ListedUser | null>(user);
  const [setAside, setSetAside] = useState<{ role: Role; clientId: string | null } | null>(null);
  useEffect(() => {
    if (!user) return;
    setRole(user.role);
    setClientId(user.clientId);
    setBased(user);
    setSetAside(null);
  }, [user]);

  const update = trpc.users.update.useMutation({
    onSuccess: async (saved) => {
      showSuccess("Role changed", `${saved.name} is now ${saved.role}. Their open sessions have ended.`);
      await utils.users.invalidate();
      onClose();
    },
    onError: (error) => {
      const current = staleCurrent<ListedUser>(error);
      if (!current) return showCallFailure(error, "Failed to change role");
      // Changed by someone else since the list was read: show the user as now, and keep the choice aside.
      setSetAside({ role, clientId });
      setBased(current);
      setRole(current.role);
      setClientId(current.clientId);
      void utils.users.invalidate();
    },
  });
  const needsCompany = role === "CLIENT" && !clientId;
  const base = based ?? user;
  const unchanged = base !== null && role === base.role && (role !== "CLIENT" || clientId === base.clientId);
  const companyName = (id: string | null) => companies.find((c) => c.value === id)?.label ?? "";

  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Change role: ${user.name}` : ""} centered>
      <Stack gap="sm">
        {setAside && (
          <ChangedElsewhereNotice
            what="user"
            changes={[
              { label: "Role", value: setAside.role },
              ...(setAside.role === "CLIENT" ? [{ label: "Company", value: companyName(setAside.clientId) }] : []),
            ]}
            onReapply={() => {
              setRole(setAside.role);
              setClientId(setAside.clientId);
              setSetAside(null);
            }}
            onDismiss={() => setSetAside(null)}
          />
        )}
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
            update.mutate({
              id: user.id,
              role,
              ...(role === "CLIENT" ? { clientId } : {}),
              version: (based ?? user).version,
            })
          }
          disabled={needsCompany || unchanged || setAside !== null}
        />
      </Stack>
    </Modal>
  );
}
