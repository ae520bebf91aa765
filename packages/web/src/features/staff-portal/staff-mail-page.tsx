import { Container, Stack } from "@mantine/core";
import { MailOutboxPage, MailReceivedList } from "../mail";

/** /mail: what the product sent (the outbox) and what reached the support address, inside the staff frame. */
export function StaffMailPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <MailOutboxPage />
        <MailReceivedList />
      </Stack>
    </Container>
  );
}
