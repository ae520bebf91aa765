import type { QueryClient } from "@tanstack/react-query";

/** What every route receives from the router (the root route declares it, router.tsx provides it). */
export interface RouterContext {
  queryClient: QueryClient;
}
