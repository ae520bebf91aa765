import { Button, Card, Text, ThemeIcon, Title, CheckIcon } from "@mantine/core";
import { CONTACT_PAGE } from "@repo/content";
import { useFocusOnMount } from "../../lib/use-focus-on-mount";

/** Shown after a successful send (docs/product-spec.md §2): the message went, the reply promise, and a way back. */
export function ContactThankYou({ onSendAnother }: { onSendAnother: () => void }) {
  // The result replaces the form: focus moves to its heading, not to the page body (WCAG 2.4.3).
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card withBorder radius="md" padding="xl" ta="center" role="status">
      <ThemeIcon size={56} radius="xl" color="green" mx="auto" mb="md">
        <CheckIcon size={24} />
      </ThemeIcon>
      <Title order={2} ref={heading} tabIndex={-1}>
        {CONTACT_PAGE.thankYou.title}
      </Title>
      <Text c="dimmed" mt="sm" mb="xl">
        {CONTACT_PAGE.thankYou.text}
      </Text>
      <Button variant="light" onClick={onSendAnother} mx="auto">
        Send Another Message
      </Button>
    </Card>
  );
}
