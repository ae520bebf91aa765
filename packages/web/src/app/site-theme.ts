import { createTheme } from "@mantine/core";

// A calm, professional look: one blue brand colour, system fonts, slightly rounded corners. The marketing
// pages' islands use it as it is; theme.ts adds what only the portals need.
export const siteTheme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
});
