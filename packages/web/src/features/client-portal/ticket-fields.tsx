// The ticket inputs a client fills in both when raising a ticket and when editing one
// (docs/product-spec.md §5 and §7); only the placeholders differ.
import { Select, Textarea, TextInput } from "@mantine/core";
import { CLIENT_PRIORITY_LABELS } from "@repo/validators";
import type { FieldsForm } from "../../components/fields-form";

/** docs/product-spec.md §5: P4 Low, P3 Medium, P2 High, P1 Urgent, in that order. */
const PRIORITY_OPTIONS = Object.entries(CLIENT_PRIORITY_LABELS).map(([value, label]) => ({ value, label }));

interface TicketTextFieldsProps {
  form: FieldsForm<"title" | "description">;
  titlePlaceholder?: string;
  descriptionPlaceholder?: string;
}

export function TicketTextFields({ form, titlePlaceholder, descriptionPlaceholder }: TicketTextFieldsProps) {
  return (
    <>
      <TextInput
        label="Title"
        placeholder={titlePlaceholder}
        withAsterisk
        key={form.key("title")}
        {...form.getInputProps("title")}
      />
      <Textarea
        label="Description"
        placeholder={descriptionPlaceholder}
        withAsterisk
        autosize
        minRows={4}
        key={form.key("description")}
        {...form.getInputProps("description")}
      />
    </>
  );
}

export function TicketPrioritySelect({ form }: { form: FieldsForm<"priority"> }) {
  return (
    <Select
      label="Priority"
      data={PRIORITY_OPTIONS}
      allowDeselect={false}
      key={form.key("priority")}
      {...form.getInputProps("priority")}
    />
  );
}
