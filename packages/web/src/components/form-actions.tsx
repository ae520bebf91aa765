// The closing row of a form or confirmation dialog: Cancel, then the action. Both wait while the call runs,
// so a second click cannot send it twice.
import { Button, Group, type MantineSpacing } from "@mantine/core";

export interface FormActionsProps {
  onCancel(): void;
  /** The call the action started is still running. */
  pending: boolean;
  label: string;
  /**
   * The action's text while the call runs ("Saving..."); the button is then disabled instead of spinning.
   * Without it the button shows Mantine's loader.
   */
  pendingLabel?: string;
  /** A click handler for a confirmation; without one the action is the form's submit button. */
  onConfirm?(): void;
  /** Held back for another reason than a running call (e.g. nothing changed yet). */
  disabled?: boolean;
  color?: string;
  mt?: MantineSpacing;
}

export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  onConfirm,
  disabled = false,
  color,
  mt,
}: FormActionsProps) {
  const spins = pendingLabel === undefined;
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? "button" : "submit"}
        onClick={onConfirm}
        color={color}
        loading={spins && pending}
        disabled={disabled || (!spins && pending)}
      >
        {pending && !spins ? pendingLabel : label}
      </Button>
    </Group>
  );
}
