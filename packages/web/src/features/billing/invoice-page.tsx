import { Alert, Button, Container, Group, Stack, Text } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadingStatus } from "../../components/staff-page";
import { ButtonLink } from "../../components/router-links";
import { InvoicePdfButton } from "./invoice-pdf-button";
import { readStoredUser } from "../../lib/auth-storage";
import { serverMessage } from "../../lib/server-message";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { BillingLinks } from "./billing-links";
import { InvoiceDocument, invoiceTitle } from "./invoice-document";
import { AddItemDialog, CreditNoteDialog, PaymentDialog } from "./invoice-dialogs";

const route = getRouteApi("/_staff-portal/billing_/invoices/$id");
type Dialog = "item" | "credit" | "payment" | "discard" | null;

/**
 * /billing/invoices/$id: an invoice or credit note as HTML; an ADMIN approves or discards a draft, adds and
 * removes one-off items on it, and drafts credit notes and records payments on an approved invoice.
 */
export function InvoicePage() {
  const { id } = route.useParams();
  const navigate = useNavigate();
  const admin = readStoredUser()?.role === "ADMIN";
  const utils = trpc.useUtils();
  const query = trpc.billing.invoice.useQuery({ id });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const refreshList = () => utils.billing.invoices.invalidate();
  const approve = trpc.billing.approveInvoice.useMutation(
    toastOutcome(
      (saved) => ["Invoice approved", `${invoiceTitle(saved)} is numbered and locked.`],
      "Failed to approve the invoice",
      async (saved) => {
        utils.billing.invoice.setData({ id }, saved);
        await Promise.all([refreshList(), utils.billing.month.invalidate()]);
      },
    ),
  );
  const discard = trpc.billing.discardInvoice.useMutation(
    toastOutcome(
      () => ["Draft discarded", "The next billing run for its month drafts it again."],
      "Failed to discard the draft",
      async () => {
        await Promise.all([refreshList(), utils.billing.month.invalidate()]);
        await navigate({ to: "/billing" });
      },
    ),
  );
  const remove = trpc.billing.removeInvoiceItem.useMutation(
    toastOutcome(
      () => ["Item removed", "The draft's totals are updated."],
      "Failed to remove the item",
      () => Promise.all([utils.billing.invoice.invalidate({ id }), refreshList()]),
    ),
  );

  if (query.isPending)
    return (
      <Container size="lg" py="xl">
        <LoadingStatus>Loading invoice...</LoadingStatus>
      </Container>
    );
  if (query.isError)
    return (
      <Container size="lg" py="xl">
        <BillingLinks />
        <Alert color="red" title="Error" role="alert">
          {serverMessage(query.error, "Failed to load the invoice")}
        </Alert>
      </Container>
    );

  const invoice = query.data;
  const draft = invoice.state === "draft";
  const approvedInvoice = !draft && invoice.kind === "invoice";
  return (
    <Container size="lg" py="xl">
      <BillingLinks />
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Text c="dimmed" size="sm">
            {invoice.clientName}
          </Text>
          <Group gap="xs">
            <InvoicePdfButton id={id} name={invoice.number ?? `draft-${invoice.id}`} portal="staff" />
            {admin && draft && (
              <>
                <Button onClick={() => approve.mutate({ id })} loading={approve.isPending}>
                  Approve
                </Button>
                {invoice.kind === "invoice" && (
                  <Button variant="default" onClick={() => setDialog("item")}>
                    Add item
                  </Button>
                )}
                <Button variant="subtle" color="red" onClick={() => setDialog("discard")}>
                  Discard draft
                </Button>
              </>
            )}
            {admin && approvedInvoice && invoice.balanceCents > 0 && (
              <Button onClick={() => setDialog("payment")}>Record payment</Button>
            )}
            {admin && approvedInvoice && (
              <Button variant="default" onClick={() => setDialog("credit")}>
                Credit note
              </Button>
            )}
          </Group>
        </Group>
        {invoice.creditsInvoiceId && (
          <ButtonLink
            to="/billing/invoices/$id"
            params={{ id: invoice.creditsInvoiceId }}
            variant="subtle"
            w="fit-content"
          >
            Open the credited invoice
          </ButtonLink>
        )}
        <InvoiceDocument
          invoice={invoice}
          lineAction={
            admin && draft
              ? (line) =>
                  line.source === "item" && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${line.description}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ id: line.id })}
                    >
                      Remove
                    </Button>
                  )
              : undefined
          }
        />
      </Stack>
      {dialog === "item" && <AddItemDialog invoice={invoice} opened onClose={close} />}
      {dialog === "payment" && <PaymentDialog invoice={invoice} opened onClose={close} />}
      {dialog === "credit" && (
        <CreditNoteDialog
          invoice={invoice}
          opened
          onClose={close}
          onCreated={(creditId) => navigate({ to: "/billing/invoices/$id", params: { id: creditId } })}
        />
      )}
      <ConfirmDialog
        item={dialog === "discard" ? invoice : null}
        onClose={close}
        texts={{ title: "Discard this draft?", label: "Discard", pendingLabel: "Discarding..." }}
        mutation={discard}
        input={() => ({ id })}
      >
        The draft and the items added to it are removed; its time goes back to unbilled. The next billing run for its
        month drafts it again.
      </ConfirmDialog>
    </Container>
  );
}
