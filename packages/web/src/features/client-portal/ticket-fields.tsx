// The ticket inputs of the client's New Ticket and Edit Ticket forms (docs/product-spec.md §5 and §7); the
// edit form offers title, description and priority, without the placeholders.
import { Select, Textarea, TextInput } from "@mantine/core";
import { CLIENT_PRIORITY_LABELS, TICKET_TYPE_LABELS } from "@repo/validators";
import type { FieldsForm } from "../../components/fields-form";
import { labelOptions } from "../../lib/label-options";

/** docs/product-spec.md §5: P4 Low, P3 Medium, P2 High, P1 Urgent, in that order. */
const PRIORITY_OPTIONS = labelOptions(CLIENT_PRIORITY_LABELS);
const TYPE_OPTIONS = labelOptions(TICKET_TYPE_LABELS);

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
  return <RequiredChoice form={form} name="priority" label="Priority" data={PRIORITY_OPTIONS} />;
}

export function TicketTypeSelect({ form }: { form: FieldsForm<"type"> }) {
  return <RequiredChoice form={form} name="type" label="Type" data={TYPE_OPTIONS} />;
}

interface RequiredChoiceProps<Name extends string> {
  form: FieldsForm<Name>;
  name: Name;
  label: string;
  data: { value: string; label: string }[];
}

/** A select that always holds one of its options: a ticket has a type and a priority. */
function RequiredChoice<Name extends string>({ form, name, label, data }: RequiredChoiceProps<Name>) {
  return <Select label={label} data={data} allowDeselect={false} key={form.key(name)} {...form.getInputProps(name)} />;
}
