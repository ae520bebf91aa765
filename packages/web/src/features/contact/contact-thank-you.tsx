import { Button, Card, Text, ThemeIcon, Title, CheckIcon } from "@mantine/core";
import { CONTACT_PAGE } from "@repo/content";

/** Shown after a successful send (docs/product-spec.md §2): the message went, the reply promise, and a way back. */
export function ContactThankYou({ onSendAnother }: { onSendAnother: () => void }) {
  return (
    <Card withBorder radius="md" padding="xl" ta="center" role="status">
      <ThemeIcon size={56} radius="xl" color="green" mx="auto" mb="md">
        <CheckIcon size={24} />
      </ThemeIcon>
      <Title order={2}>{CONTACT_PAGE.thankYou.title}</Title>
      <Text c="dimmed" mt="sm" mb="xl">
        {CONTACT_PAGE.thankYou.text}
      </Text>
      <Button variant="light" onClick={onSendAnother} mx="auto">
        Send Another Message
      </Button>
    </Card>
  );
}
