// A question before an action that removes or revokes something: a title, what will happen, then Cancel and
// the action in red. The action reads `pendingLabel` while its call runs, so it cannot be sent twice.
import { Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FormActions } from "./form-actions";

interface ConfirmDialogProps {
  opened: boolean;
  onClose(): void;
  title: string;
  /** What the action does, in a sentence or two. */
  children: ReactNode;
  /** The action's text ("Delete") and its text while the call runs ("Deleting..."). */
  label: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm(): void;
}

export function ConfirmDialog({ opened, onClose, title, children, ...action }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text size="sm">{children}</Text>
      <FormActions onCancel={onClose} color="red" mt="lg" {...action} />
    </Modal>
  );
}
