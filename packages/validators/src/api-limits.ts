// Limits of the API's transport that the server enforces and the web client respects.

/** Calls in one tRPC batch (queries only: mutations are never batched). */
export const TRPC_MAX_BATCH_SIZE = 10;
