import { createTheme, type NotificationProps } from "@mantine/core";

/** The accessible name of every icon-only close button (toasts, dialogs, drawers). */
export const CLOSE_BUTTON_LABEL = "Close";

// A calm, professional look: one blue brand colour, system fonts, slightly rounded corners. The marketing
// pages' islands use it as it is; theme.ts adds what only the portals need.
export const siteTheme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  // Contrast (WCAG 1.4.3): black text on a light filled colour (yellow, orange, green badges), white on a dark one;
  // accessible-colors.ts darkens each colour's shades to match.
  autoContrast: true,
  // Mantine's transitions (modals, menus, toasts) are skipped for people who ask for reduced motion.
  respectReducedMotion: true,
  components: {
    // A toast's X is an icon and needs a name; its message is grey text that must still read (AA contrast).
    // A plain object, not Notification.extend(...): that import would bring the toast's code (and its
    // Loader and CloseButton) into every marketing page, where toasts load with the first one.
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": CLOSE_BUTTON_LABEL } } satisfies Partial<NotificationProps>,
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
  },
});
