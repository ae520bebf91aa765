import { Badge, createTheme, Drawer, Menu, Modal, Select, Tooltip } from "@mantine/core";
import { TOOLTIP } from "../lib/ui-constants";
import { CLOSE_BUTTON_LABEL, siteTheme } from "./site-theme";

/** A select's open list: taller than Mantine's 220 px, so the eight ticket statuses fit without scrolling. */
const SELECT_MAX_HEIGHT_PX = 320;

export const theme = createTheme({
  ...siteTheme,
  components: {
    ...siteTheme.components,
    // A badge (status, priority, SLA, a mail's or an import row's state) is what agents scan for, so it
    // never truncates: Mantine's badge hides its overflow, which lets a table or a flex row squeeze it
    // to "P3 Nor...". At least as wide as its text, it makes its column size to it; long titles wrap.
    Badge: Badge.extend({ styles: { root: { minWidth: "max-content" } } }),
    // docs/product-spec.md §9: tooltips open after 700 ms. (Not in siteTheme: Tooltip brings its positioning library.)
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: TOOLTIP.openDelayMs } }),
    // A dialog's X is an icon; screen readers need its name (WCAG 4.1.2).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { "aria-label": CLOSE_BUTTON_LABEL } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { "aria-label": CLOSE_BUTTON_LABEL } } }),
    // Mantine's invisible focus placeholder is an element with tabindex inside role="menu", which a menu
    // may not hold (ARIA: menu items only); without it, opening a menu focuses its first item.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // A select's options are reached with the arrow keys from its input; Mantine's custom scroll area
    // around them is a scrollable region no key can reach (axe: scrollable-region-focusable). The plain
    // list, capped as Mantine caps it, scrolls with the same keys.
    Select: Select.extend({
      defaultProps: { withScrollArea: false },
      styles: { dropdown: { maxHeight: SELECT_MAX_HEIGHT_PX, overflowY: "auto" } },
    }),
  },
});
