import { Button } from "@mantine/core";
import { useState } from "react";
import { saveFile } from "../../lib/save-file";
import { toastCallFailure } from "../../lib/toasts";
import { authHeaders, credentialsMode } from "../../lib/trpc";

/**
 * Downloads an invoice's PDF, made by the server (docs/features.md §11): staff from
 * /api/billing/invoices/{id}/pdf, a client from /api/client/invoices/{id}/pdf. Fetched with the session's
 * headers (a plain link would not carry the bearer token), then saved under the invoice's number.
 */
export function InvoicePdfButton({ id, name, portal }: { id: string; name: string; portal: "staff" | "client" }) {
  const [loading, setLoading] = useState(false);
  const path = portal === "client" ? "/api/client/invoices" : "/api/billing/invoices";
  const download = async () => {
    setLoading(true);
    try {
      const res = await fetch(`${path}/${encodeURIComponent(id)}/pdf`, {
        headers: authHeaders(),
        credentials: credentialsMode(),
      });
      if (!res.ok) toastCallFailure(null, "Failed to download the PDF");
      else saveFile(await res.blob(), `${name}.pdf`);
    } catch (error) {
      toastCallFailure(error, "Failed to download the PDF");
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button variant="default" size="xs" onClick={download} loading={loading}>
      Download PDF
    </Button>
  );
}
