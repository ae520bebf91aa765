import { Checkbox, Code, List, Text, TextInput, Textarea } from "@mantine/core";
import { CANNED_PLACEHOLDERS, cannedReplyFieldsSchema, type CannedReplyFields } from "@repo/validators";
import { ItemFormModal, type ItemModalProps } from "../../components/item-form-modal";
import { trpc } from "../../lib/trpc";
import type { CannedReply } from "./api-types";

const EMPTY: CannedReplyFields = { title: "", body: "", shared: false };

const formValues = (reply: CannedReply | null): CannedReplyFields =>
  reply ? { title: reply.title, body: reply.body, shared: reply.shared } : EMPTY;

/**
 * Adds a canned reply or edits one. The body's placeholders are checked by the same schema the API uses,
 * so an unknown one is named here before the save, with the list of those that exist.
 */
export function CannedReplyModal(props: ItemModalProps<CannedReply>) {
  const utils = trpc.useUtils();
  return (
    <ItemFormModal
      {...props}
      title={props.item ? "Edit Canned Reply" : "New Canned Reply"}
      schema={cannedReplyFieldsSchema}
      noun="canned reply"
      labels={{ title: "Title", body: "Reply text", shared: "Share with all staff" }}
      values={formValues}
      calls={trpc.cannedReplies}
      saved={(saved, created) => [
        created ? "Canned reply saved" : "Canned reply updated",
        `"${saved.title}" is ready to insert.`,
      ]}
      failure="Failed to save canned reply"
      refresh={() => utils.cannedReplies.list.invalidate()}
      label={props.item ? "Save Changes" : "Save Reply"}
    >
      {(form) => (
        <>
          <TextInput label="Title" required data-autofocus {...form.getInputProps("title")} />
          <Textarea label="Reply text" required rows={6} resize="vertical" {...form.getInputProps("body")} />
          <div>
            <Text size="sm" fw={500}>
              Placeholders, filled in for each ticket:
            </Text>
            <List size="sm" spacing={2}>
              {Object.entries(CANNED_PLACEHOLDERS).map(([name, p]) => (
                <List.Item key={name}>
                  <Code>{`{{${name}}}`}</Code> {p.description}
                </List.Item>
              ))}
            </List>
          </div>
          <Checkbox
            label="Share with all staff"
            description="Everyone on the team can insert it; you and admins can change it."
            {...form.getInputProps("shared", { type: "checkbox" })}
          />
        </>
      )}
    </ItemFormModal>
  );
}
