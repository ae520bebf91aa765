import { createTheme, Tooltip } from "@mantine/core";
import { TOOLTIP } from "../lib/ui-constants";
import { siteTheme } from "./site-theme";

export const theme = createTheme({
  ...siteTheme,
  components: {
    // docs/product-spec.md §9: tooltips open after 700 ms. (Not in siteTheme: Tooltip brings its positioning library.)
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: TOOLTIP.openDelayMs } }),
  },
});
