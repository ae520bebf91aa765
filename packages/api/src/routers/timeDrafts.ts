// Drafts of time entries from the day's work (docs/features.md "Time: drafts"): a staff member reads and
// settles their own; nobody reads another person's drafts.
import type { TRPCRouterRecord } from "@trpc/server";
import {
  successSchema,
  timeDraftDayInputSchema,
  timeDraftDaySchema,
  timeDraftRefSchema,
  timeDraftSettingsSchema,
} from "@repo/validators";
import { discardDraft, draftsForDay } from "../time/drafts.js";
import { readTimeSettings, writeTimeSettings } from "../time/settings.js";
import { adminProcedure, rest, staffProcedure } from "../trpc.js";

const tags = ["time"];

export const timeDraftsRouter = {
  day: staffProcedure
    .meta(rest("GET", "/time/drafts", tags, "Your drafts of time entries for a day (Toronto), from your activity"))
    .input(timeDraftDayInputSchema)
    .output(timeDraftDaySchema)
    .query(({ ctx, input }) => draftsForDay(ctx.db, ctx.user.id, input.date)),

  discard: staffProcedure
    .meta(rest("POST", "/time/drafts/discard", tags, "Discard a draft: its minutes are not offered again"))
    .input(timeDraftRefSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await discardDraft(ctx.db, ctx.user.id, input);
      return { success: true as const };
    }),

  settings: staffProcedure
    .meta(rest("GET", "/time/settings", tags, "The time settings (drafts' rounding)"))
    .output(timeDraftSettingsSchema)
    .query(({ ctx }) => readTimeSettings(ctx.db)),

  updateSettings: adminProcedure
    .meta(rest("PUT", "/time/settings", tags, "Change the time settings (admin)"))
    .input(timeDraftSettingsSchema)
    .output(timeDraftSettingsSchema)
    .mutation(({ ctx, input }) => writeTimeSettings(ctx.db, input, ctx.user.id)),
} satisfies TRPCRouterRecord;
