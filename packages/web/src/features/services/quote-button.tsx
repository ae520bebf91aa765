import type { ButtonProps } from "@mantine/core";
import { GET_A_QUOTE, type QuoteService } from "@repo/validators/site";
import { ButtonLink } from "../../components/router-links";
import { trackQuoteClick } from "../../lib/track";

interface QuoteButtonProps extends ButtonProps {
  service: QuoteService;
}

/**
 * "Get a quote" (spec section 2): sends the track event, then the link navigates to
 * /contact?service={slug}. A real link, so it also works before the page has hydrated.
 */
export function QuoteButton({ service, ...props }: QuoteButtonProps) {
  return (
    <ButtonLink to="/contact" search={{ service }} onClick={() => trackQuoteClick(service)} {...props}>
      {GET_A_QUOTE}
    </ButtonLink>
  );
}
