// The typed client for the API's tRPC endpoint: the web app's only data path (docs/architecture.md).
import type { AppRouter } from "@repo/api";
import { httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { TRPC_MAX_BATCH_SIZE } from "@repo/validators";
import { AUTH_TYPES, readAuthToken, readAuthType } from "./auth-storage";

export const trpc = createTRPCReact<AppRouter>();

/** Headers of docs/product-spec.md §7: the stored token as a bearer Authorization header when there is one. */
export function authHeaders(): Record<string, string> {
  const token = readAuthToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** docs/product-spec.md §7: same-origin for client sessions, cookies included for everyone else. */
export function credentialsMode(): RequestCredentials {
  return readAuthType() === AUTH_TYPES.client ? "same-origin" : "include";
}

/** `url` is relative in the browser; tests pass an absolute one because Node's fetch needs it. */
export function createTrpcClient(url = "/trpc") {
  const options = {
    url,
    // Read storage per request: a login or logout changes both without rebuilding the client.
    headers: authHeaders,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: credentialsMode() }),
  };
  return trpc.createClient({
    links: [
      // The server batches queries up to its limit and takes mutations one per request.
      splitLink({
        condition: (op) => op.type === "mutation",
        true: httpLink(options),
        false: httpBatchLink({ ...options, maxItems: TRPC_MAX_BATCH_SIZE }),
      }),
    ],
  });
}
