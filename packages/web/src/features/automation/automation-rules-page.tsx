import { ActionIcon, Button, Container, Group, Stack, Switch, Table, Text } from "@mantine/core";
import type { AutomationRule } from "@repo/validators";
import { useState } from "react";
import { ConfirmDialog, type ConfirmTexts } from "../../components/confirm-dialog";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { showCallFailure, toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { useClientOptions } from "../staff-portal/use-ticket-options";
import { RuleEditor } from "./rule-editor";
import { RunLog } from "./run-log";
import { blankRule, TRIGGER_LABELS } from "./rule-words";
import type { Choices } from "./pick-options";

const deleteTexts: ConfirmTexts = { title: "Delete Rule", label: "Delete", pendingLabel: "Deleting..." };

type Editing = { id: string | null; rule: AutomationRule | null } | null;

/**
 * /automation/rules, ADMIN only (docs/features.md §15): the rules in the order they run, each with its
 * switch, up and down buttons (keyboard usable: they are buttons), edit, run log and delete; and the
 * editor with its dry run.
 */
export function AutomationRulesPage() {
  const utils = trpc.useUtils();
  const rules = trpc.automation.rules.useQuery();
  const choices = useChoices();
  const [editing, setEditing] = useState<Editing>(null);
  const [logOf, setLogOf] = useState<AutomationRule | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const refresh = () => utils.automation.rules.invalidate();
  const onError = (error: unknown) => showCallFailure(error, "The rule could not be changed");
  const move = trpc.automation.move.useMutation({ onSuccess: refresh, onError });
  const enable = trpc.automation.setEnabled.useMutation({ onSuccess: refresh, onError });
  const remove = trpc.automation.delete.useMutation(
    toastOutcome(
      () => ["Rule deleted", "The rule and its run log have been deleted."],
      "Failed to delete the rule",
      () => refresh().then(() => setDeleting(null)),
    ),
  );
  const list = rules.data?.rules ?? [];

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Automation rules"
        description="Rules run in this order on ticket events; a matched rule with “stop here” ends the run."
        action={<Button onClick={() => setEditing({ id: null, rule: null })}>New rule</Button>}
      />
      <Stack gap="lg">
        {editing && (
          <RuleEditor
            key={editing.id ?? "new"}
            id={editing.id}
            initial={editing.rule ?? blankRule()}
            choices={choices}
            onDone={() => setEditing(null)}
          />
        )}
        {rules.isPending ? (
          <LoadingStatus>Loading rules...</LoadingStatus>
        ) : rules.isError ? (
          <Text c="red">The rules could not be loaded.</Text>
        ) : list.length === 0 ? (
          <Text c="dimmed">No rules yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Automation rules">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Rule</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Enabled</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((rule, i) => (
                  <Table.Tr key={rule.id}>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move ${rule.name} up`}
                          disabled={i === 0 || move.isPending}
                          onClick={() => move.mutate({ id: rule.id, direction: "up" })}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move ${rule.name} down`}
                          disabled={i === list.length - 1 || move.isPending}
                          onClick={() => move.mutate({ id: rule.id, direction: "down" })}
                        >
                          ↓
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {rule.name}
                      {rule.stopHere && (
                        <Text span size="xs" c="dimmed">
                          {" "}
                          (stop here)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{TRIGGER_LABELS[rule.trigger.kind]}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${rule.name} enabled`}
                        checked={rule.enabled}
                        onChange={(e) => enable.mutate({ id: rule.id, enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing({ id: rule.id, rule })}>
                          Edit
                        </Button>
                        <Button size="xs" variant="subtle" onClick={() => setLogOf(rule)}>
                          Run log
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(rule)}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {logOf && <RunLog rule={logOf} onClose={() => setLogOf(null)} />}
      </Stack>
      <ConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        texts={deleteTexts}
        mutation={remove}
        input={(rule) => ({ id: rule.id })}
      >
        Delete the rule "{deleting?.name}" and its run log?
      </ConfirmDialog>
    </Container>
  );
}

/** The companies, assignable staff and canned replies the editor offers. */
function useChoices(): Choices {
  const companies = useClientOptions();
  const users = trpc.users.list.useQuery({});
  const replies = trpc.cannedReplies.list.useQuery();
  return {
    companies: companies.options,
    staff: (users.data?.users ?? [])
      .filter((u) => (u.role === "ADMIN" || u.role === "AGENT") && u.active)
      .map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
    replies: (replies.data ?? []).map((r) => ({ value: r.id, label: r.title })),
  };
}
