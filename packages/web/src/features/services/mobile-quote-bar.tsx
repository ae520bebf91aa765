import { Box } from "@mantine/core";
import type { QuoteService } from "@repo/validators/labels";
import "./mobile-quote-bar.css";
import QuoteButton from "./quote-button.island";

/**
 * The fixed bottom "Get a quote" of small screens (docs/product-spec.md §2). The room it needs is kept at
 * the very end of the document (mobile-quote-bar.css), under the footer, so it never covers the footer's
 * last line.
 */
export function MobileQuoteBar({ service }: { service: QuoteService | null }) {
  return (
    <Box
      hiddenFrom="md"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      p="sm"
      bg="white"
      data-testid="mobile-quote-bar"
      data-mobile-quote-bar
      style={{
        zIndex: 150,
        borderTop: "1px solid var(--mantine-color-gray-3)",
        boxShadow: "0 -4px 12px rgba(0,0,0,.06)",
      }}
    >
      <QuoteButton service={service} fullWidth size="md" />
    </Box>
  );
}
