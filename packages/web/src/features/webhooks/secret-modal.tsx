import { Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";

/** A subscription's signing secret, the one time it is shown (after create or "New secret"). */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Signing secret">
      <Stack>
        <Text size="sm">
          Copy it now: it is not shown again. Your receiver verifies each call's webhook-signature with it (any Standard
          Webhooks library).
        </Text>
        <Code block>{secret}</Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ""}>
            {({ copied, copy }) => <Button onClick={copy}>{copied ? "Copied" : "Copy secret"}</Button>}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
