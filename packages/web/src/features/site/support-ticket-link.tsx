import { Anchor, Button, Text, type TextProps } from "@mantine/core";
import { linkHref, SUPPORT_TICKET_LINK } from "./site-links";

const href = linkHref(SUPPORT_TICKET_LINK);

/**
 * The header's button to the public ticket form, shown at every width (beside the burger on a phone). A
 * plain link in the static header, not part of the navigation island: it needs no JavaScript.
 */
export function SupportTicketButton() {
  return (
    <Button component="a" href={href} color="red" variant="outline" size="compact-sm" style={{ flexShrink: 0 }}>
      {SUPPORT_TICKET_LINK.label}
    </Button>
  );
}

/** The footer's and the sign-in cards' line pointing to the public ticket form. */
export function SupportTicketPrompt(props: TextProps) {
  return (
    <Text size="sm" {...props}>
      Something down?{" "}
      <Anchor href={href} size="sm" fw={700}>
        Submit a support ticket
      </Anchor>
    </Text>
  );
}
