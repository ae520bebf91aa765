import { Group, Select, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import type { AutomationAction, TicketPriority, TicketStatus, TicketType } from "@repo/validators";
import { type Choices, PRIORITY_OPTIONS, STATUS_OPTIONS, TYPE_OPTIONS } from "./pick-options";

interface ActionFieldsProps {
  action: AutomationAction;
  choices: Choices;
  onChange: (action: AutomationAction) => void;
  n: number;
}

const UNASSIGN = "__unassign";

/** The fields of one action row, after its kind select (rule-editor.tsx). */
export function ActionFields({ action, choices, onChange, n }: ActionFieldsProps) {
  const label = (what: string) => `Action ${n}: ${what}`;
  switch (action.kind) {
    case "assign":
      return (
        <Select
          aria-label={label("assignee")}
          data={[{ value: UNASSIGN, label: "Unassign" }, ...choices.staff]}
          value={action.userId ?? UNASSIGN}
          onChange={(v) => onChange({ ...action, userId: !v || v === UNASSIGN ? null : v })}
          searchable
          allowDeselect={false}
        />
      );
    case "set_priority":
      return (
        <Select
          aria-label={label("priority")}
          data={PRIORITY_OPTIONS}
          value={action.priority}
          onChange={(v) => v && onChange({ ...action, priority: v as TicketPriority })}
          allowDeselect={false}
        />
      );
    case "set_status":
      return (
        <Select
          aria-label={label("status")}
          data={STATUS_OPTIONS}
          value={action.status}
          onChange={(v) => v && onChange({ ...action, status: v as TicketStatus })}
          allowDeselect={false}
        />
      );
    case "set_type":
      return (
        <Select
          aria-label={label("type")}
          data={TYPE_OPTIONS}
          value={action.type}
          onChange={(v) => v && onChange({ ...action, type: v as TicketType })}
          allowDeselect={false}
        />
      );
    case "add_tags":
      return (
        <TagsInput aria-label={label("tags")} value={action.tags} onChange={(tags) => onChange({ ...action, tags })} />
      );
    case "canned_reply":
      return (
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={label("canned reply")}
            data={choices.replies}
            value={action.cannedReplyId || null}
            onChange={(v) => onChange({ ...action, cannedReplyId: v ?? "" })}
            searchable
          />
          <Select
            aria-label={label("as")}
            data={[
              { value: "public", label: "as a public reply" },
              { value: "internal", label: "as an internal note" },
            ]}
            value={action.as}
            onChange={(v) => v && onChange({ ...action, as: v as "public" | "internal" })}
            w={190}
            allowDeselect={false}
          />
        </Group>
      );
    case "send_mail":
      return (
        <Stack gap={4}>
          <TextInput
            aria-label={label("to (requester or an address)")}
            value={action.to}
            onChange={(e) => onChange({ ...action, to: e.currentTarget.value })}
            description='"requester", or an address'
          />
          <TextInput
            aria-label={label("subject")}
            placeholder="Subject"
            value={action.subject}
            onChange={(e) => onChange({ ...action, subject: e.currentTarget.value })}
          />
          <Textarea
            aria-label={label("text")}
            placeholder="Text ({{requester.firstName}}, {{ticket.reference}})"
            value={action.body}
            onChange={(e) => onChange({ ...action, body: e.currentTarget.value })}
            autosize
            minRows={2}
          />
        </Stack>
      );
    case "notify_teams":
    case "notify_slack":
    case "webhook":
      return (
        <TextInput
          aria-label={label("URL")}
          placeholder="https://..."
          value={action.url}
          onChange={(e) => onChange({ ...action, url: e.currentTarget.value })}
        />
      );
  }
}
