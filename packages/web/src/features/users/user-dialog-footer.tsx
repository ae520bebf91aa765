import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FormActions, type FormActionsProps } from "../../components/form-actions";

interface UserDialogFooterProps extends Omit<FormActionsProps, "pending" | "pendingLabel"> {
  /** The call the dialog makes; the buttons wait while it runs. */
  mutation: { isPending: boolean };
  /** What the change does to the person's sessions, said just above the buttons. */
  note?: ReactNode;
  pendingLabel?: string;
}

/** How every user dialog ends: an optional note, then Cancel and the action, which reads "Saving..." meanwhile. */
export function UserDialogFooter({
  mutation,
  note,
  pendingLabel = "Saving...",
  mt = "sm",
  ...actions
}: UserDialogFooterProps) {
  return (
    <>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
      <FormActions pending={mutation.isPending} pendingLabel={pendingLabel} mt={mt} {...actions} />
    </>
  );
}
