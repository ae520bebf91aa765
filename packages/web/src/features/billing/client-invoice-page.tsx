import { Alert, Container, Group, Loader, Stack } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { AnchorLink } from "../../components/router-links";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { InvoiceDocument } from "./invoice-document";
import { InvoicePdfButton } from "./invoice-pdf-button";

const route = getRouteApi("/_client-portal/client/billing_/invoices/$id");

/** /client/billing/invoices/$id: one of the company's approved invoices, as HTML, with its PDF. */
export function ClientInvoicePage() {
  const { id } = route.useParams();
  const query = trpc.billing.clientInvoice.useQuery({ id });
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="md">
        <AnchorLink to="/client/billing" size="sm">
          Back to billing
        </AnchorLink>
        {query.data && <InvoicePdfButton id={id} name={query.data.number ?? "invoice"} portal="client" />}
      </Group>
      {query.isPending ? (
        <Loader role="status" aria-label="Loading invoice" />
      ) : query.isError ? (
        <Alert color="red" title="Error" role="alert">
          {serverMessage(query.error, "Failed to load the invoice")}
        </Alert>
      ) : (
        <Stack gap="md">
          <InvoiceDocument invoice={query.data} />
        </Stack>
      )}
    </Container>
  );
}
