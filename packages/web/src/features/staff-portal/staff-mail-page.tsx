import { Container, Group, Stack } from "@mantine/core";
import { readStoredUser } from "../../lib/auth-storage";
import { MailInStatusCard, MailOutboxPage, MailQuarantineLink, MailReceivedList, MailSettingsCard } from "../mail";

/**
 * /mail: what the product sent (the outbox) and what reached the support address, inside the staff frame;
 * an ADMIN also sees how mail in's IMAP polling is doing, finds the way to the mails it quarantined, and
 * changes the SMTP server and From address (the server refuses everyone else).
 */
export function StaffMailPage() {
  const admin = readStoredUser()?.role === "ADMIN";
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <MailOutboxPage />
        <MailReceivedList />
        {admin && <MailInStatusCard />}
        {admin && <MailSettingsCard />}
        {admin && (
          <Group>
            <MailQuarantineLink />
          </Group>
        )}
      </Stack>
    </Container>
  );
}
