import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { siteTheme } from "../app/site-theme";

/**
 * What an island has around it, in the prerender and in the browser alike: Mantine's theme. The page's
 * CSS variables and global classes are in its HTML once already, so an island renders no <style> of its own.
 */
export function IslandProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={siteTheme} withCssVariables={false} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}
