// The shapes the canned-reply screens read, taken from the API's router so that a change there is a type error here.
import type { AppRouter } from "@repo/api";
import type { inferRouterOutputs } from "@trpc/server";

export type CannedReply = inferRouterOutputs<AppRouter>["cannedReplies"]["list"][number];
