import { MantineProvider } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useMemo, useState, type ReactNode } from "react";
import { useSiteContent } from "../features/site/site-content";
import { createTrpcClient, trpc } from "../lib/trpc";
import { accessibleColors } from "./accessible-colors";
import { withBrand } from "./brand-theme";
import { theme } from "./theme";
import { Toasts } from "./toasts";

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a page needs around it: theme, toasts, the query cache and the tRPC client. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const [trpcClient] = useState(() => createTrpcClient());
  const brandColour = useSiteContent().identity.brandColour;
  const branded = useMemo(() => withBrand(theme, brandColour), [brandColour]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={branded} cssVariablesResolver={accessibleColors}>
          <Toasts />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
