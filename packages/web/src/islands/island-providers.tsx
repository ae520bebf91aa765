import { MantineContext, MantineThemeProvider } from "@mantine/core";
import { type ReactNode, useMemo } from "react";
import { withBrand } from "../app/brand-theme";
import { siteTheme } from "../app/site-theme";

// What <MantineProvider> puts in context, fixed for the marketing pages: light colours (the page's <html>
// says so, scripts/prerender.mjs), Mantine's class names. Not <MantineProvider> itself: it also brings the
// code that writes the CSS variables and manages the colour scheme, which the prerendered page has already
// done once, and that is an eighth of an island page's own JavaScript.
const SITE_CONTEXT = {
  colorScheme: "light",
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: "mantine",
  cssVariablesSelector: ":root",
  withStaticClasses: true,
} as const;

/**
 * What an island has around it, in the prerender and in the browser alike: Mantine's context and theme, in
 * the provider's brand colour (given by the server's render and, in the browser, read from the page).
 */
export function IslandProviders({ children, brandColour }: { children: ReactNode; brandColour?: string }) {
  const theme = useMemo(() => withBrand(siteTheme, brandColour), [brandColour]);
  return (
    <MantineContext value={SITE_CONTEXT}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
