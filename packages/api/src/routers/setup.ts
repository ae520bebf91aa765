// The first run of a production install (docs/features.md §19): no session exists yet, the link's token
// is the credential.
import type { TRPCRouterRecord } from "@trpc/server";
import { setupInputSchema, successSchema } from "@repo/validators";
import { z } from "zod";
import { checkSetupLink, completeSetup } from "../setup/first-run.js";
import { publicProcedure, rest } from "../trpc.js";

const tags = ["setup"];
const open = { protect: false } as const;

export const setupRouter = {
  check: publicProcedure
    .meta(rest("GET", "/setup/{token}", tags, "Whether a first-run setup link still works", open))
    .input(z.object({ token: z.string().max(200) }))
    .output(successSchema)
    .query(async ({ ctx, input }) => {
      await checkSetupLink(ctx.db, input.token);
      return { success: true as const };
    }),

  complete: publicProcedure
    .meta(rest("POST", "/setup", tags, "Create the first admin, name the provider, store the mail settings", open))
    .input(setupInputSchema)
    .output(z.object({ email: z.string() }))
    .mutation(({ ctx, input }) => completeSetup(ctx.db, input)),
} satisfies TRPCRouterRecord;
