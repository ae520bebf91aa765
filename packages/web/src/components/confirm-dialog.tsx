// A question before an action that removes or revokes something: a title, what will happen, then Cancel and
// the action in red. The action reads `pendingLabel` while its call runs, so it cannot be sent twice.
import { Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FormActions } from "./form-actions";

/** The dialog's title, the action's text ("Delete") and its text while the call runs ("Deleting..."). */
export interface ConfirmTexts {
  title: string;
  label: string;
  pendingLabel: string;
}

interface ConfirmDialogProps<T, I> {
  /** What the action is for (a user, a reply); the dialog is open while it is not null. */
  item: T | null;
  onClose(): void;
  texts: ConfirmTexts;
  /** The action's call, and what it sends for `item`. */
  mutation: { isPending: boolean; mutate(input: I): void };
  input(item: T): I;
  /** What the action does, in a sentence or two. */
  children: ReactNode;
}

export function ConfirmDialog<T, I>({ item, onClose, texts, mutation, input, children }: ConfirmDialogProps<T, I>) {
  const { title, ...labels } = texts;
  return (
    <Modal opened={item !== null} onClose={onClose} title={title} centered>
      <Text size="sm">{children}</Text>
      <FormActions
        onCancel={onClose}
        color="red"
        mt="lg"
        {...labels}
        pending={mutation.isPending}
        onConfirm={() => item !== null && mutation.mutate(input(item))}
      />
    </Modal>
  );
}
