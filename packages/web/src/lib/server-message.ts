import { TRPCClientError } from "@trpc/client";

/**
 * The message the server gave for a failed call (docs/product-spec.md §8: "the server's error, else ..."), or
 * `fallback` when there is none: a network failure or an unreadable answer is not the server's word.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.data && typeof error.message === "string" && error.message) {
    return error.message;
  }
  return fallback;
}

/** The HTTP status of a failed tRPC call, when the server answered. */
export function httpStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
    return typeof status === "number" ? status : undefined;
  }
  return undefined;
}
