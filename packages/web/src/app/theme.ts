import { createTheme, Tooltip } from "@mantine/core";
import { TOOLTIP } from "@repo/validators";

// A calm, professional look: one blue brand colour, system fonts, slightly rounded corners.
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  components: {
    // Spec section 9: tooltips open after 700 ms.
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: TOOLTIP.openDelayMs } }),
  },
});
