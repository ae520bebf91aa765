import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { TOASTS } from "@repo/validators";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createTrpcClient, trpc } from "../lib/trpc";
import { theme } from "./theme";

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
        <MantineProvider theme={theme}>
          {/* Spec section 9: one toast at a time, 5000 ms, at most 420 px wide; drag to dismiss is Mantine's default. */}
          <Notifications
            limit={TOASTS.limit}
            autoClose={TOASTS.durationMs}
            containerWidth={TOASTS.viewportMaxWidthPx}
          />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
