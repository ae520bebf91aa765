import { Button, Group, Modal, Text } from "@mantine/core";

interface DeleteTicketDialogProps {
  opened: boolean;
  pending: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** The confirmation of docs/product-spec.md §2, word for word. */
export function DeleteTicketDialog({ opened, pending, onCancel, onConfirm }: DeleteTicketDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Delete Ticket" centered closeOnClickOutside={!pending}>
      <Text size="sm">
        This action cannot be undone. All comments and audit logs associated with this ticket will also be permanently
        deleted.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} disabled={pending} data-autofocus>
          {pending ? "Deleting..." : "Delete Permanently"}
        </Button>
      </Group>
    </Modal>
  );
}
