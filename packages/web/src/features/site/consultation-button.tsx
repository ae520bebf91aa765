import type { ButtonProps } from "@mantine/core";
import { BOOK_A_CONSULTATION } from "@repo/content";
import { ButtonLink } from "../../components/router-links";

interface ConsultationButtonProps extends ButtonProps {
  /** Where the visitor clicked, stored with the enquiry (/contact?ref=...). */
  origin: string;
}

/** The site's main call to action (docs/product-spec.md §1): Book a Consultation, to /contact?ref={origin}. */
export function ConsultationButton({ origin, ...props }: ConsultationButtonProps) {
  return (
    <ButtonLink to="/contact" search={{ ref: origin }} size="md" {...props}>
      {BOOK_A_CONSULTATION}
    </ButtonLink>
  );
}
