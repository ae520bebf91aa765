import { Alert, type AlertProps } from "@mantine/core";
import { ticketReference } from "@repo/validators";
import { AnchorLink } from "./router-links";

interface MergedIntoNoticeProps extends Omit<AlertProps, "title" | "children"> {
  /** The ticket page of the portal on screen. */
  to: "/tickets/$id" | "/client/tickets/$id";
  /** The ticket that stays, which this one was merged into. */
  intoId: string;
  /** The sentence's end after the link, worded for the portal's reader. */
  after: string;
}

/** The pointer on a merged duplicate, in either portal: "This ticket was merged into Ticket #1a2b3c4d...". */
export function MergedIntoNotice({ to, intoId, after, ...alert }: MergedIntoNoticeProps) {
  return (
    <Alert title="Merged" {...alert}>
      This ticket was merged into{" "}
      <AnchorLink to={to} params={{ id: intoId }}>
        Ticket #{ticketReference(intoId)}
      </AnchorLink>
      {after}
    </Alert>
  );
}
