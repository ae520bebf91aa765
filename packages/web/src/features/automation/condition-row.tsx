import { Group, MultiSelect, Select, TagsInput, TextInput } from "@mantine/core";
import type { AutomationCondition } from "@repo/validators";
import { type Choices, PRIORITY_OPTIONS, STATUS_OPTIONS, TYPE_OPTIONS } from "./pick-options";

interface ConditionFieldsProps {
  condition: AutomationCondition;
  choices: Choices;
  onChange: (condition: AutomationCondition) => void;
  /** The row's number, so each field's accessible name says which condition it belongs to. */
  n: number;
}

/** The fields of one condition row, after its kind select (rule-editor.tsx). */
export function ConditionFields({ condition, choices, onChange, n }: ConditionFieldsProps) {
  const label = (what: string) => `Condition ${n}: ${what}`;
  switch (condition.kind) {
    case "company":
      return (
        <MultiSelect
          aria-label={label("companies")}
          data={choices.companies}
          value={condition.clientIds}
          onChange={(clientIds) => onChange({ ...condition, clientIds })}
          placeholder="Companies"
          searchable
        />
      );
    case "priority":
    case "status":
    case "type": {
      const data = { priority: PRIORITY_OPTIONS, status: STATUS_OPTIONS, type: TYPE_OPTIONS }[condition.kind];
      return (
        <MultiSelect
          aria-label={label(condition.kind)}
          data={data}
          value={condition.in}
          onChange={(values) => onChange({ ...condition, in: values } as AutomationCondition)}
        />
      );
    }
    case "tags":
      return (
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={label("match")}
            data={[
              { value: "any", label: "has any of" },
              { value: "all", label: "has all of" },
            ]}
            value={condition.match}
            onChange={(match) => match && onChange({ ...condition, match: match as "any" | "all" })}
            w={130}
            allowDeselect={false}
          />
          <TagsInput
            aria-label={label("tags")}
            value={condition.tags}
            onChange={(tags) => onChange({ ...condition, tags })}
            placeholder="Tags"
          />
        </Group>
      );
    case "text":
      return (
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={label("where")}
            data={[
              { value: "either", label: "subject or body" },
              { value: "subject", label: "subject" },
              { value: "body", label: "body" },
            ]}
            value={condition.field}
            onChange={(field) => field && onChange({ ...condition, field: field as "subject" | "body" | "either" })}
            w={160}
            allowDeselect={false}
          />
          <TextInput
            aria-label={label("text")}
            value={condition.contains}
            onChange={(e) => onChange({ ...condition, contains: e.currentTarget.value })}
          />
        </Group>
      );
    case "sender":
      return (
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={label("match")}
            data={[
              { value: "domain", label: "domain" },
              { value: "email", label: "email" },
            ]}
            value={condition.match}
            onChange={(match) => match && onChange({ ...condition, match: match as "domain" | "email" })}
            w={110}
            allowDeselect={false}
          />
          <TagsInput
            aria-label={label("addresses or domains")}
            value={condition.values}
            onChange={(values) => onChange({ ...condition, values })}
            placeholder="acme.com"
          />
        </Group>
      );
    case "changed":
      return (
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={label("field")}
            data={["status", "priority", "type", "assigneeId", "clientId"]}
            value={condition.field}
            onChange={(field) => field && onChange({ ...condition, field: field as typeof condition.field })}
            w={130}
            allowDeselect={false}
          />
          <TextInput
            aria-label={label("new value (empty: any change)")}
            placeholder="any value"
            value={condition.to ?? ""}
            onChange={(e) => onChange({ ...condition, to: e.currentTarget.value || undefined })}
          />
        </Group>
      );
  }
}
