import { useState } from "react";
import { island } from "../../islands/island";
import { PublicTicketForm } from "./public-ticket-form";
import { TicketConfirmation } from "./ticket-confirmation";

/** /submit-ticket's form until a ticket is created, then its confirmation (spec section 2). */
function PublicTicketPanel() {
  const [ticketId, setTicketId] = useState<string | null>(null);
  return ticketId ? (
    <TicketConfirmation ticketId={ticketId} onSubmitAnother={() => setTicketId(null)} />
  ) : (
    <PublicTicketForm onSubmitted={setTicketId} />
  );
}

export default island("public-ticket/public-ticket-panel", PublicTicketPanel);
