// A person's sign-in log (admin): the last 100 attempts, how each was made and how it ended; and beside it
// their account changes (password, second factor, passkeys), each with who made it.
import { Badge, Modal, Table, Tabs, Text } from "@mantine/core";
import { ACCOUNT_EVENT_LABELS } from "@repo/validators";
import { ListTable } from "../../components/list-table";
import { QueryStates } from "../../components/query-states";
import { formatExact } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { describeUserAgent } from "@repo/content";
import type { ListedUser } from "./api-types";

const METHOD_LABELS: Record<string, string> = {
  password: "Password",
  totp: "Authenticator code",
  recovery_code: "Recovery code",
  passkey: "Passkey",
  sso: "Single sign-on",
};

const OUTCOMES: Record<string, { label: string; color: string }> = {
  success: { label: "Signed in", color: "green" },
  failure: { label: "Failed", color: "red" },
  refused: { label: "Refused", color: "orange" },
};

function SignInLog({ user }: { user: ListedUser }) {
  const log = trpc.users.signIns.useQuery({ id: user.id });
  return (
    <QueryStates
      query={log}
      texts={{ loading: "Loading sign-ins", error: "The sign-in log could not be loaded.", empty: "No sign-ins yet." }}
      isEmpty={(data) => data.events.length === 0}
    >
      {(data) => (
        <ListTable
          label={`Sign-ins of ${user.name}`}
          columns={["When", "Outcome", "How", "From"]}
          minWidth={560}
          spacing="xs"
        >
          {data.events.map((e) => {
            const outcome = OUTCOMES[e.outcome] ?? { label: e.outcome, color: "gray" };
            return (
              <Table.Tr key={e.id}>
                <Table.Td>{formatExact(e.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={outcome.color} variant="light" tt="none">
                    {outcome.label}
                  </Badge>
                </Table.Td>
                <Table.Td>{METHOD_LABELS[e.method] ?? e.method}</Table.Td>
                <Table.Td>
                  <Text size="sm">{describeUserAgent(e.userAgent)}</Text>
                  <Text size="xs" c="dimmed">
                    {e.ipAddress ?? "—"}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </QueryStates>
  );
}

function AccountChanges({ user }: { user: ListedUser }) {
  const log = trpc.users.accountChanges.useQuery({ id: user.id });
  return (
    <QueryStates
      query={log}
      texts={{
        loading: "Loading account changes",
        error: "The account changes could not be loaded.",
        empty: "No changes to this account's sign-in yet.",
      }}
      isEmpty={(data) => data.events.length === 0}
    >
      {(data) => (
        <ListTable label={`Account changes of ${user.name}`} columns={["When", "Change", "By", "From"]} spacing="xs">
          {data.events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatExact(e.createdAt)}</Table.Td>
              <Table.Td>{ACCOUNT_EVENT_LABELS[e.action]}</Table.Td>
              <Table.Td>{e.actorName ?? "A deleted user"}</Table.Td>
              <Table.Td>{e.ipAddress ?? "—"}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </QueryStates>
  );
}

export function SignInLogModal({ user, onClose }: { user: ListedUser | null; onClose(): void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={`Sign-in log: ${user?.name ?? ""}`} size="xl" centered>
      {user && (
        <Tabs defaultValue="sign-ins" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="sign-ins">Sign-ins</Tabs.Tab>
            <Tabs.Tab value="changes">Account changes</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sign-ins">
            <SignInLog user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="changes">
            <AccountChanges user={user} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}
