import { Checkbox, Code, List, Modal, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { CANNED_PLACEHOLDERS, cannedReplyFieldsSchema, type CannedReplyFields } from "@repo/validators";
import { useEffect } from "react";
import { FormActions } from "../../components/form-actions";
import { toastOutcome } from "../../lib/staff-toasts";
import { createOrUpdate } from "../../lib/create-or-update";
import { trpc } from "../../lib/trpc";
import type { CannedReply } from "./api-types";

const EMPTY: CannedReplyFields = { title: "", body: "", shared: false };

/**
 * Adds a canned reply or edits one. The body's placeholders are checked by the same schema the API uses,
 * so an unknown one is named here before the save, with the list of those that exist.
 */
export function CannedReplyModal({
  opened,
  reply,
  onClose,
}: {
  opened: boolean;
  /** The reply to edit; null to add one. */
  reply: CannedReply | null;
  onClose(): void;
}) {
  const utils = trpc.useUtils();
  const form = useForm<CannedReplyFields>({
    initialValues: EMPTY,
    validate: schemaResolver(cannedReplyFieldsSchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the modal opens
  useEffect(() => {
    if (!opened) return;
    const values = reply ? { title: reply.title, body: reply.body, shared: reply.shared } : EMPTY;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, reply]);

  const saveOutcome = (created: boolean) =>
    toastOutcome(
      (saved: CannedReply) => [
        created ? "Canned reply saved" : "Canned reply updated",
        `"${saved.title}" is ready to insert.`,
      ],
      "Failed to save canned reply",
      () => utils.cannedReplies.list.invalidate().then(onClose),
    );
  const create = trpc.cannedReplies.create.useMutation(saveOutcome(true));
  const update = trpc.cannedReplies.update.useMutation(saveOutcome(false));
  const { pending, submit } = createOrUpdate(reply, create, update);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={reply ? "Edit Canned Reply" : "New Canned Reply"}
      centered
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
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
          <FormActions
            onCancel={onClose}
            pending={pending}
            pendingLabel="Saving..."
            label={reply ? "Save Changes" : "Save Reply"}
          />
        </Stack>
      </form>
    </Modal>
  );
}
