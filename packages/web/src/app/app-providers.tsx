import { MantineProvider } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createTrpcClient, trpc } from "../lib/trpc";
import { accessibleColors } from "./accessible-colors";
import { theme } from "./theme";
import { Toasts } from "./toasts";

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Everything a page needs around it: theme, toasts, the query cache and the tRPC client. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const [trpcClient] = useState(() => createTrpcClient());
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={accessibleColors}>
          <Toasts />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
