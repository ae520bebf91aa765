import { Button, type ButtonProps } from "@mantine/core";
import { GET_A_QUOTE } from "@repo/content";
import type { QuoteService } from "@repo/validators/labels";
import { island } from "../../islands/island";
import { trackQuoteClick } from "../../lib/track";

interface QuoteButtonProps extends ButtonProps {
  /** The contact form's service value; null (a page the provider added): plain /contact, nothing counted. */
  service: QuoteService | null;
}

/**
 * "Get a quote" (docs/product-spec.md §2): sends the track event, then the link navigates to
 * /contact?service={slug}. A real link, so it also works before the page has hydrated.
 */
function QuoteButton({ service, ...props }: QuoteButtonProps) {
  return (
    <Button
      component="a"
      href={service ? `/contact?${new URLSearchParams({ service })}` : "/contact"}
      onClick={() => service && trackQuoteClick(service)}
      {...props}
    >
      {GET_A_QUOTE}
    </Button>
  );
}

export default island("services/quote-button", QuoteButton);
