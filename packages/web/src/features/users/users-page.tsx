import { Badge, Button, Card, Container, Menu, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { ColumnHeads } from "../../components/column-heads";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { SEARCH_PAUSE_MS } from "../../lib/ui-constants";
import { isSessionExpired } from "../../lib/use-session-expiry";
import { RoleBadge } from "../staff-portal/role-badge";
import type { ListedUser } from "./api-types";
import { SecondFactorResetDialog } from "./second-factor-reset-dialog";
import { SecurityPolicyCard } from "./security-policy-card";
import { SignInLogModal } from "./sign-in-log-modal";
import { UserCreateModal } from "./user-create-modal";
import { UserDeactivateDialog } from "./user-deactivate-dialog";
import { UserPasswordModal } from "./user-password-modal";
import { UserRoleModal } from "./user-role-modal";

/** Deactivated first: an invitation to a deactivated account opens nothing. */
const statusOf = (user: ListedUser) =>
  !user.active
    ? { label: "Deactivated", color: "gray" }
    : user.invitationPending
      ? { label: "Invited", color: "blue" }
      : { label: "Active", color: "green" };

/** /users (ADMIN): everyone who can sign in, staff and client users alike (docs/architecture.md "Settled open points"). */
export function UsersPage() {
  const clients = trpc.clients.list.useQuery();
  const utils = trpc.useUtils();
  const me = readStoredUser();
  const [filter, setFilter] = useState("");
  // The server searches, a page at a time (docs/architecture.md §8); while a new search loads, the last stays shown.
  const [needle] = useDebouncedValue(filter.trim() || undefined, SEARCH_PAUSE_MS);
  const users = trpc.users.page.useInfiniteQuery(
    { q: needle },
    { getNextPageParam: nextCursorOf, placeholderData: keepPreviousData },
  );
  const [createOpened, createModal] = useDisclosure(false);
  const [roleFor, setRoleFor] = useState<ListedUser | null>(null);
  const [passwordFor, setPasswordFor] = useState<ListedUser | null>(null);
  const [deactivating, setDeactivating] = useState<ListedUser | null>(null);
  const [secondFactorFor, setSecondFactorFor] = useState<ListedUser | null>(null);
  const [logFor, setLogFor] = useState<ListedUser | null>(null);

  const reactivate = trpc.users.update.useMutation({
    onSuccess: async (saved) => {
      showSuccess("User reactivated", `${saved.name} can sign in again.`);
      await utils.users.invalidate();
    },
    onError: (error) => showCallFailure(error, "Failed to reactivate user"),
  });
  const resendInvitation = trpc.users.resendInvitation.useMutation({
    onSuccess: async (invited) => {
      showSuccess("Invitation sent again", `${invited.name} has a new link; the earlier one no longer works.`);
      await utils.users.invalidate();
    },
    onError: (error) => showCallFailure(error, "Failed to resend the invitation"),
  });

  const companies = (clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }));
  const companyName = new Map(companies.map((c) => [c.value, c.label]));
  const shown = users.data?.pages.flatMap((page) => page.users) ?? [];
  const matching = users.data?.pages[0]?.matching ?? 0;

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Users"
        description="Staff and client sign-ins. Role changes, deactivation and password resets end the person's sessions."
        action={<Button onClick={createModal.open}>Add User</Button>}
      />

      <Card withBorder padding="lg">
        <TextInput
          label="Search"
          type="search"
          placeholder="Name or email"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          maw={360}
          mb="md"
        />
        {users.isPending ? (
          <LoadingStatus>Loading users...</LoadingStatus>
        ) : users.isError ? (
          <Text c="red" role="alert" py="lg" ta="center">
            {isSessionExpired(users.error) ? "Authentication required" : "Failed to fetch users"}
          </Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            No users match.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" aria-label="Users">
              <ColumnHeads labels={["Name", "Email", "Role", "Company", "Status"]} actions />
              <Table.Tbody>
                {shown.map((user) => {
                  const isMe = user.email === me?.email;
                  return (
                    <Table.Tr key={user.id} data-user-email={user.email} opacity={user.active ? 1 : 0.6}>
                      <Table.Td fw={600}>
                        {user.name}
                        {isMe && (
                          <Text span c="dimmed" size="sm" fw={400}>
                            {" "}
                            (you)
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                      <Table.Td>
                        <RoleBadge role={user.role} />
                      </Table.Td>
                      <Table.Td>{user.clientId ? (companyName.get(user.clientId) ?? "—") : "—"}</Table.Td>
                      <Table.Td>
                        <Badge color={statusOf(user).color} variant="light" tt="none">
                          {statusOf(user).label}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button variant="default" size="xs" aria-label={`Actions for ${user.name}`}>
                              Actions
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {/* An admin cannot demote or deactivate themselves (the server refuses too). */}
                            <Menu.Item disabled={isMe} onClick={() => setRoleFor(user)}>
                              Change Role
                            </Menu.Item>
                            {user.invitationPending && user.active && (
                              <Menu.Item onClick={() => resendInvitation.mutate({ id: user.id })}>
                                Resend Invitation
                              </Menu.Item>
                            )}
                            <Menu.Item onClick={() => setPasswordFor(user)}>Reset Password</Menu.Item>
                            <Menu.Item onClick={() => setSecondFactorFor(user)}>Reset Two-Factor Sign-In</Menu.Item>
                            <Menu.Item onClick={() => setLogFor(user)}>Sign-In Log</Menu.Item>
                            {user.active ? (
                              <Menu.Item color="red.9" disabled={isMe} onClick={() => setDeactivating(user)}>
                                Deactivate
                              </Menu.Item>
                            ) : (
                              <Menu.Item onClick={() => reactivate.mutate({ id: user.id, active: true })}>
                                Reactivate
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {shown.length > 0 && (
          <ShowMoreButton list={users} label={`Show more users (${shown.length} of ${matching} shown)`} />
        )}
      </Card>

      <UserCreateModal opened={createOpened} onClose={createModal.close} companies={companies} />
      <UserRoleModal user={roleFor} onClose={() => setRoleFor(null)} companies={companies} />
      <UserPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
      <UserDeactivateDialog user={deactivating} onClose={() => setDeactivating(null)} />
      <SecondFactorResetDialog user={secondFactorFor} onClose={() => setSecondFactorFor(null)} />
      <SignInLogModal user={logFor} onClose={() => setLogFor(null)} />
      <SecurityPolicyCard />
    </Container>
  );
}
