// API keys (docs/features.md §13): an admin creates (the secret answered once), lists and revokes them.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { apiKeyCreatedSchema, apiKeyCreateInputSchema, apiKeySchema } from "@repo/validators";
import { adminProcedure, rest } from "../trpc.js";
import { createApiKey, listApiKeys, revokeApiKey } from "../api-keys/keys.js";
import { idInput } from "./inputs.js";

const tags = ["api-keys"];

export const apiKeysRouter = {
  list: adminProcedure
    .meta(rest("GET", "/api-keys", tags, "API keys, newest first, revoked ones included (admin)"))
    .output(z.array(apiKeySchema))
    .query(({ ctx }) => listApiKeys(ctx.db, ctx.scope)),

  create: adminProcedure
    .meta(rest("POST", "/api-keys", tags, "Create an API key; the answer holds its secret, shown this once (admin)"))
    .input(apiKeyCreateInputSchema)
    .output(apiKeyCreatedSchema)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.scope, input, { ip: ctx.ip })),

  revoke: adminProcedure
    .meta(rest("POST", "/api-keys/{id}/revoke", tags, "Revoke an API key: its next request is refused (admin)"))
    .input(idInput)
    .output(apiKeySchema)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.scope, input.id, { ip: ctx.ip })),
} satisfies TRPCRouterRecord;
