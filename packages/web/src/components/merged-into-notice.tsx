import { Alert, type AlertProps } from "@mantine/core";
import { ticketReference } from "@repo/validators";
import { AnchorLink } from "./router-links";

/** Each portal's ticket page and the end of the sentence after the link, worded for its reader. */
const PORTALS = {
  client: {
    to: "/client/tickets/$id",
    after: ", where the conversation continues.",
    alert: { color: "blue", role: "note" },
  },
  staff: {
    to: "/tickets/$id",
    after: ". Its conversation and history continue there.",
    alert: { color: "gray" },
  },
} as const;

interface MergedIntoNoticeProps extends Omit<AlertProps, "title" | "children"> {
  portal: keyof typeof PORTALS;
  /** The ticket that stays, which this one was merged into. */
  intoId: string;
}

/** The pointer on a merged duplicate, in either portal: "This ticket was merged into Ticket #1a2b3c4d...". */
export function MergedIntoNotice({ portal, intoId, ...alert }: MergedIntoNoticeProps) {
  const { to, after, alert: look } = PORTALS[portal];
  return (
    <Alert title="Merged" {...look} {...alert}>
      This ticket was merged into{" "}
      <AnchorLink to={to} params={{ id: intoId }}>
        Ticket #{ticketReference(intoId)}
      </AnchorLink>
      {after}
    </Alert>
  );
}
