import { Badge, createTheme, Tooltip } from "@mantine/core";
import { TOOLTIP } from "../lib/ui-constants";
import { siteTheme } from "./site-theme";

export const theme = createTheme({
  ...siteTheme,
  components: {
    // A badge (status, priority, SLA, a mail's or an import row's state) is what agents scan for, so it
    // never truncates: Mantine's badge hides its overflow, which lets a table or a flex row squeeze it
    // to "P3 Nor...". At least as wide as its text, it makes its column size to it; long titles wrap.
    Badge: Badge.extend({ styles: { root: { minWidth: "max-content" } } }),
    // docs/product-spec.md §9: tooltips open after 700 ms. (Not in siteTheme: Tooltip brings its positioning library.)
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: TOOLTIP.openDelayMs } }),
  },
});
