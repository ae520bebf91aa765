import { Badge, Container, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { QuarantinedMail } from "@repo/validators";
import { useState } from "react";
import { ConfirmDialog, type ConfirmTexts } from "../../components/confirm-dialog";
import { ItemActionButton } from "../../components/item-action-button";
import type { QueryTexts } from "../../components/query-states";
import { AnchorLink } from "../../components/router-links";
import { TimeAgo } from "../../components/time-ago";
import { showCallFailure, showFailure, showSuccess, toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { MailTable, SubjectCell } from "./mail-table";

const TEXTS: QueryTexts = {
  loading: "Loading quarantined emails",
  error: "The quarantined emails could not be loaded.",
  empty: "No quarantined emails.",
};

const OUTCOME_TEXTS: Record<string, string> = {
  ticket: "It became a new ticket.",
  comment: "It became a reply on its ticket.",
  enquiry: "It became an enquiry.",
  ignored: "It was kept as an ignored mail.",
  duplicate: "It had come in before.",
};

const deleteTexts: ConfirmTexts = { title: "Delete Quarantined Email", label: "Delete", pendingLabel: "Deleting..." };

/** What a person calls the mail: its subject, else its sender, as plain text. */
const nameOf = (mail: QuarantinedMail) => mail.subject || mail.fromAddress || "(unreadable mail)";

/**
 * /mail/quarantine, ADMIN only: mails mail in could not parse or store (docs/architecture.md §11a), moved
 * aside so the mails behind them were read. Retry runs one through ingestion again (once a fix is deployed
 * or the database is back); Delete removes it and its original, and is audited. Every field is shown as
 * text: the mail came from anyone.
 */
export function MailQuarantinePage() {
  const utils = trpc.useUtils();
  const list = trpc.mailIn.quarantined.useQuery({});
  const [deleting, setDeleting] = useState<QuarantinedMail | null>(null);
  const retry = trpc.mailIn.retryQuarantined.useMutation({
    onSuccess: async (result) => {
      if (result.outcome === "quarantined") {
        showFailure(`The email is still quarantined: ${result.reason ?? "unknown reason"}.`);
      } else {
        showSuccess("Email taken in", OUTCOME_TEXTS[result.outcome] ?? "It left the quarantine.");
      }
      await Promise.all([utils.mailIn.quarantined.invalidate(), utils.mailIn.received.invalidate()]);
    },
    onError: (error) => showCallFailure(error, "Failed to retry the email"),
  });
  const remove = trpc.mailIn.deleteQuarantined.useMutation(
    toastOutcome(
      () => ["Quarantined email deleted", "The email and its original have been deleted."],
      "Failed to delete the email",
      () => utils.mailIn.quarantined.invalidate().then(() => setDeleting(null)),
    ),
  );
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Quarantined mail</Title>
            <Text c="dimmed" size="sm">
              Emails that could not be read or stored. The emails behind them were taken in as usual.
            </Text>
          </div>
          <AnchorLink to="/mail" size="sm">
            Back to Mail
          </AnchorLink>
        </Group>
        <MailTable
          query={list}
          texts={TEXTS}
          label="Quarantined emails"
          columns={["From", "Subject", "Reason", "Quarantined", "Actions"]}
          minWidth={720}
          row={(mail) => (
            <>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {mail.fromAddress || "(unknown)"}
                </Text>
                <Text size="xs" c="dimmed">
                  via {mail.via}
                  {mail.imapFolder ? `, in the folder ${mail.imapFolder}` : ""}
                </Text>
              </Table.Td>
              <SubjectCell subject={mail.subject} />
              <Table.Td>
                <Group gap={6}>
                  <Badge color="orange" variant="light" size="sm">
                    {mail.reason}
                  </Badge>
                  {mail.attempts > 1 && (
                    <Text size="xs" c="dimmed">
                      {mail.attempts} tries
                    </Text>
                  )}
                </Group>
                {mail.detail && (
                  <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
                    {mail.detail}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs">
                  <TimeAgo iso={mail.quarantinedAt} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <ItemActionButton
                    action="Retry"
                    item={nameOf(mail)}
                    onClick={() => !retry.isPending && retry.mutate({ id: mail.id })}
                  />
                  <ItemActionButton action="Delete" item={nameOf(mail)} color="red" onClick={() => setDeleting(mail)} />
                </Group>
              </Table.Td>
            </>
          )}
        />
      </Stack>
      <ConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        texts={deleteTexts}
        mutation={remove}
        input={(m) => ({ id: m.id })}
      >
        The email "{deleting ? nameOf(deleting) : ""}" and its original will be deleted. The deletion is recorded in the
        audit log.
      </ConfirmDialog>
    </Container>
  );
}

/** On /mail, for an ADMIN: the way to the quarantine. */
export function MailQuarantineLink() {
  return (
    <AnchorLink to="/mail/quarantine" size="sm">
      Quarantined mail
    </AnchorLink>
  );
}
