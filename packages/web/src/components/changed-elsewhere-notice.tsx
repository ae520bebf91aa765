import { Alert, Button, Group, List, Text } from "@mantine/core";

interface ChangedElsewhereNoticeProps {
  /** "ticket", "device", ...: "Someone else saved this ticket while you were editing it." */
  what: string;
  /** The person's changes that were set aside, each as its label and the value they gave. */
  changes: { label: string; value: string }[];
  onReapply(): void;
  onDismiss(): void;
}

/**
 * Says that someone else saved the record (docs/architecture.md §8a): the form now shows their values, and
 * the person's own changes are listed here to re-apply or drop. Save waits until they choose.
 */
export function ChangedElsewhereNotice({ what, changes, onReapply, onDismiss }: ChangedElsewhereNoticeProps) {
  return (
    <Alert color="yellow" title="Changed elsewhere" role="status">
      <Text size="sm">Someone else saved this {what} while you were editing it.</Text>
      <Text size="sm">The form now shows their values.</Text>
      <Text size="sm" mt="xs" fw={600}>
        Your changes:
      </Text>
      <List size="sm">
        {changes.map((c) => (
          <List.Item key={c.label}>
            {c.label}: {c.value}
          </List.Item>
        ))}
      </List>
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="light" onClick={onReapply}>
          Re-apply my changes
        </Button>
        <Button size="xs" variant="subtle" onClick={onDismiss}>
          Discard my changes
        </Button>
      </Group>
    </Alert>
  );
}
