import { useEffect, useRef, useState } from "react";
import type { StaffTicket } from "./api-types";
import { sameTicketFields, ticketFormValues, type TicketFormValues } from "./ticket-form-values";

/**
 * Keeps the form in step with the ticket as live updates refetch it: untouched fields follow the server;
 * once the person has typed, their edits stay and they are told the ticket changed underneath them.
 */
interface ResettableForm {
  isDirty(): boolean;
  setInitialValues(values: TicketFormValues): void;
  setValues(values: TicketFormValues): void;
  resetDirty(values: TicketFormValues): void;
}

export function useLiveTicketFields(form: ResettableForm, ticket: StaffTicket | undefined) {
  const [conflict, setConflict] = useState<TicketFormValues | null>(null);
  const baseline = useRef(ticket ? ticketFormValues(ticket) : null);

  useEffect(() => {
    if (!ticket || !baseline.current) return;
    const latest = ticketFormValues(ticket);
    if (sameTicketFields(latest, baseline.current)) return;
    baseline.current = latest;
    if (form.isDirty()) {
      setConflict(latest);
    } else {
      form.setInitialValues(latest);
      form.setValues(latest);
      form.resetDirty(latest);
    }
  }, [ticket, form]);

  if (!conflict) return null;
  return {
    loadLatest() {
      form.setInitialValues(conflict);
      form.setValues(conflict);
      form.resetDirty(conflict);
      setConflict(null);
    },
  };
}
