import { Container } from "@mantine/core";
import { MailOutboxPage } from "../mail";

/** /mail: the outbox view of the email engineer's mail feature, inside the staff frame. */
export function StaffMailPage() {
  return (
    <Container size="xl" py="xl">
      <MailOutboxPage />
    </Container>
  );
}
