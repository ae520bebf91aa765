import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/skip-link";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The frame of every marketing page: the skip link, header, the page (<main>), footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <SiteHeader />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1 }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}
