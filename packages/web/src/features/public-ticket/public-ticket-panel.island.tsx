import { lazy, Suspense, useState } from "react";
import { island } from "../../islands/island";
import { PublicTicketForm } from "./public-ticket-form";

// Shown only after a submission, so its code loads then rather than with the page.
const TicketConfirmation = lazy(() => import("./ticket-confirmation").then((m) => ({ default: m.TicketConfirmation })));

/** /submit-ticket's form until a ticket is created, then its confirmation (docs/product-spec.md §2). */
function PublicTicketPanel() {
  const [ticketId, setTicketId] = useState<string | null>(null);
  return ticketId ? (
    <Suspense>
      <TicketConfirmation ticketId={ticketId} onSubmitAnother={() => setTicketId(null)} />
    </Suspense>
  ) : (
    <PublicTicketForm onSubmitted={setTicketId} />
  );
}

export default island("public-ticket/public-ticket-panel", PublicTicketPanel);
