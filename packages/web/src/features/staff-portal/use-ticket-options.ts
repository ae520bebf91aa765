// What the staff ticket form offers to pick from: the client companies and the people a ticket can be
// assigned to (docs/product-spec.md §2: Unassigned, or users whose role is not VIEWER, shown as name and email).
import { useEffect } from "react";
import { httpStatus } from "../../lib/server-message";
import { showCallFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";
import { UNASSIGNED } from "./ticket-form-values";

/** docs/product-spec.md §7 lets the users call retry, unlike every other read; a refusal is not worth retrying. */
const USERS_RETRIES = 2;

export interface SelectOptions {
  options: { value: string; label: string }[];
  names: ReadonlyMap<string, string>;
  loading: boolean;
}

export function useClientOptions(): SelectOptions {
  const clients = trpc.clients.list.useQuery();
  useEffect(() => {
    if (clients.error && !isSessionExpired(clients.error)) showCallFailure(clients.error, "Failed to fetch clients");
  }, [clients.error]);
  const list = clients.data?.clients ?? [];
  return {
    options: list.map((c) => ({ value: c.id, label: c.name })),
    names: new Map(list.map((c) => [c.id, c.name])),
    loading: clients.isPending && !clients.isError,
  };
}

export function useAssigneeOptions(
  currentAssignee?: { id: string; name: string; email: string } | null,
): SelectOptions {
  const users = trpc.users.list.useQuery(
    {},
    { retry: (failures, error) => failures < USERS_RETRIES && (httpStatus(error) ?? 500) >= 500 },
  );
  useEffect(() => {
    if (users.error && !isSessionExpired(users.error)) showCallFailure(users.error, "Failed to fetch users");
  }, [users.error]);

  const assignable: { id: string; name: string; email: string }[] = (users.data?.users ?? []).filter(
    (u) => u.role !== "VIEWER" && u.role !== "CLIENT" && u.active,
  );
  // Someone assigned before being deactivated still shows as the assignee rather than as a bare id.
  if (currentAssignee && !assignable.some((u) => u.id === currentAssignee.id)) assignable.push(currentAssignee);
  const options = [
    { value: UNASSIGNED, label: "Unassigned" },
    ...assignable.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
  ];
  return {
    options,
    /** Everyone, deactivated people and viewers included: the history names whoever acted back then. */
    names: new Map((users.data?.users ?? []).map((u) => [u.id, u.name])),
    loading: users.isPending && !users.isError,
  };
}
