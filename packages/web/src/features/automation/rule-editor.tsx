import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type {
  AutomationAction,
  AutomationCondition,
  AutomationRuleInput,
  AutomationTrigger,
  TicketStatus,
} from "@repo/validators";
import { useState } from "react";
import { showCallFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { ActionFields } from "./action-row";
import { ConditionFields } from "./condition-row";
import { DryRunTable } from "./dry-run-table";
import { type Choices, STATUS_OPTIONS } from "./pick-options";
import { ACTION_LABELS, blankAction, blankCondition, CONDITION_LABELS, optionsOf, TRIGGER_LABELS } from "./rule-words";

interface RuleEditorProps {
  /** The saved rule's id, or null for a new one. */
  id: string | null;
  initial: AutomationRuleInput;
  choices: Choices;
  onDone: () => void;
}

const without = <T,>(list: readonly T[], at: number) => list.filter((_, i) => i !== at);
const replaced = <T,>(list: readonly T[], at: number, item: T) => list.map((x, i) => (i === at ? item : x));

/** The rule editor: trigger, condition rows, action rows, stop here; save, or try it with a dry run. */
export function RuleEditor({ id, initial, choices, onDone }: RuleEditorProps) {
  const [rule, setRule] = useState<AutomationRuleInput>(initial);
  const utils = trpc.useUtils();
  const onError = (error: unknown) => showCallFailure(error, "The rule could not be saved");
  const saved = async () => {
    await utils.automation.rules.invalidate();
    onDone();
  };
  const create = trpc.automation.create.useMutation({ onSuccess: saved, onError });
  const update = trpc.automation.update.useMutation({ onSuccess: saved, onError });
  const dryRun = trpc.automation.dryRun.useMutation({
    onError: (error) => showCallFailure(error, "The dry run failed"),
  });
  const set = (patch: Partial<AutomationRuleInput>) => setRule((r) => ({ ...r, ...patch }));
  const setTrigger = (kind: AutomationTrigger["kind"]) =>
    set({
      trigger:
        kind === "status.duration" ? { kind, status: "WAITING_CUSTOMER", amount: 3, unit: "business_days" } : { kind },
    });
  const save = () => (id ? update.mutate({ id, ...rule }) : create.mutate(rule));

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="rule-editor-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="rule-editor-title">
          {id ? "Edit rule" : "New rule"}
        </Title>
        <TextInput label="Name" value={rule.name} onChange={(e) => set({ name: e.currentTarget.value })} required />
        <Group align="flex-end">
          <Select
            label="When"
            data={optionsOf(TRIGGER_LABELS)}
            value={rule.trigger.kind}
            onChange={(v) => v && setTrigger(v as AutomationTrigger["kind"])}
            allowDeselect={false}
            w={300}
          />
          {rule.trigger.kind === "status.duration" && (
            <TimedTriggerFields trigger={rule.trigger} onChange={(trigger) => set({ trigger })} />
          )}
        </Group>

        <Text fw={600}>If all of these hold</Text>
        {rule.conditions.length === 0 && (
          <Text size="sm" c="dimmed">
            No conditions: every ticket of the trigger.
          </Text>
        )}
        {rule.conditions.map((condition, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their order is the key
          <Group key={i} align="flex-start" wrap="nowrap">
            <Select
              aria-label={`Condition ${i + 1}: kind`}
              data={optionsOf(CONDITION_LABELS)}
              value={condition.kind}
              onChange={(v) =>
                v && set({ conditions: replaced(rule.conditions, i, blankCondition(v as AutomationCondition["kind"])) })
              }
              allowDeselect={false}
              w={170}
            />
            <ConditionFields
              n={i + 1}
              condition={condition}
              choices={choices}
              onChange={(c) => set({ conditions: replaced(rule.conditions, i, c) })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove condition ${i + 1}`}
              onClick={() => set({ conditions: without(rule.conditions, i) })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => set({ conditions: [...rule.conditions, blankCondition("priority")] })}
          >
            Add condition
          </Button>
        </Group>

        <Text fw={600}>Then, in order</Text>
        {rule.actions.map((action, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; their order is the key
          <Group key={i} align="flex-start" wrap="nowrap">
            <Select
              aria-label={`Action ${i + 1}: kind`}
              data={optionsOf(ACTION_LABELS)}
              value={action.kind}
              onChange={(v) =>
                v && set({ actions: replaced(rule.actions, i, blankAction(v as AutomationAction["kind"])) })
              }
              allowDeselect={false}
              w={210}
            />
            <ActionFields
              n={i + 1}
              action={action}
              choices={choices}
              onChange={(a) => set({ actions: replaced(rule.actions, i, a) })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove action ${i + 1}`}
              onClick={() => set({ actions: without(rule.actions, i) })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => set({ actions: [...rule.actions, blankAction("add_tags")] })}
          >
            Add action
          </Button>
        </Group>
        <Checkbox
          label="Stop here: when this rule matches, the rules after it do not run"
          checked={rule.stopHere}
          onChange={(e) => set({ stopHere: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button variant="light" loading={dryRun.isPending} onClick={() => dryRun.mutate({ rule })}>
            Dry run
          </Button>
          <Button loading={create.isPending || update.isPending} onClick={save}>
            Save rule
          </Button>
        </Group>
        {dryRun.data && <DryRunTable result={dryRun.data} />}
      </Stack>
    </Paper>
  );
}

type TimedTrigger = Extract<AutomationTrigger, { kind: "status.duration" }>;

function TimedTriggerFields({ trigger, onChange }: { trigger: TimedTrigger; onChange: (t: TimedTrigger) => void }) {
  return (
    <>
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={trigger.status}
        onChange={(v) => v && onChange({ ...trigger, status: v as TicketStatus })}
        allowDeselect={false}
        w={200}
      />
      <NumberInput
        label="For"
        min={1}
        max={1000}
        value={trigger.amount}
        onChange={(v) => onChange({ ...trigger, amount: Number(v) || 1 })}
        w={90}
      />
      <Select
        label="Unit"
        data={[
          { value: "business_hours", label: "business hours" },
          { value: "business_days", label: "business days" },
        ]}
        value={trigger.unit}
        onChange={(v) => v && onChange({ ...trigger, unit: v as TimedTrigger["unit"] })}
        allowDeselect={false}
        w={160}
      />
    </>
  );
}
