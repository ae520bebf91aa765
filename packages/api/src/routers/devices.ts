// The device inventory (docs/product-spec.md §2, §3, §5 and §7): list, metrics, add, edit, delete and CSV import for
// clients (their own company) and staff (every company). The CSV export is server/devices-csv.ts.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  createdEnrolmentTokenSchema,
  enrolmentTokenCreateInputSchema,
  enrolmentTokenListInputSchema,
  enrolmentTokenRevokeInputSchema,
  enrolmentTokenSchema,
  deviceCreateInputSchema,
  deviceHistoryPageSchema,
  deviceHistoryQuerySchema,
  deviceUpdateInputSchema,
  deviceImportResultSchema,
  deviceImportInputSchema,
  deviceListPageableQuerySchema,
  deviceListQuerySchema,
  deviceMetricsSchema,
  devicePageQuerySchema,
  devicePageSchema,
  deviceSchema,
} from "@repo/validators";
import { importDevices } from "../devices/import.js";
import { listDeviceHistory } from "../devices/history.js";
import { markDeviceReviewed } from "../devices/review.js";
import { createEnrolmentToken, listEnrolmentTokens, revokeEnrolmentToken } from "../devices/enrolment-tokens.js";
import {
  countDeviceMetrics,
  createDevice,
  deleteDevice,
  getDevice,
  listDevices,
  updateDevice,
} from "../devices/inventory.js";
import { expectedVersion, versionedWrite } from "./versions.js";
import { pageOf } from "../lib/keyset.js";
import { requireStaff } from "../auth/access.js";
import {
  adminProcedure,
  clientOrStaffProcedure,
  clientOrStaffQuery,
  rest,
  staffProcedure,
  staffQuery,
} from "../trpc.js";
import { idInput } from "./inputs.js";

const tags = ["devices"];

export const devicesRouter = {
  /** Every device, or with `cursor` and `limit` the devices after the cursor: a list either way. */
  list: clientOrStaffQuery(
    rest("GET", "/devices", tags, "The device list (a client gets its own company's)", { keyScope: "devices:read" }),
    deviceListPageableQuerySchema,
    z.array(deviceSchema),
    (db, scope, { cursor, limit, ...filters }) => listDevices(db, scope, filters, new Date(), { cursor, limit }),
  ),

  page: clientOrStaffQuery(
    rest("GET", "/devices/page", tags, "A page of the device list, with the cursor of the next page", {
      keyScope: "devices:read",
    }),
    devicePageQuerySchema,
    devicePageSchema,
    async (db, scope, { cursor, limit, ...filters }) => {
      const rows = await listDevices(db, scope, filters, new Date(), { cursor, limit: limit + 1 });
      const page = pageOf(rows, limit, (device) => device.id);
      return { devices: page.rows, nextCursor: page.nextCursor };
    },
  ),

  metrics: clientOrStaffQuery(
    rest("GET", "/devices/metrics", tags, "Inventory counters over the same filters as the list", {
      keyScope: "devices:read",
    }),
    deviceListQuerySchema,
    deviceMetricsSchema,
    countDeviceMetrics,
  ),

  /** The device's check-ins of the last 90 days, newest first (docs/features.md §12). */
  history: clientOrStaffQuery(
    rest("GET", "/devices/{id}/history", tags, "A device's check-ins, newest first, a page at a time"),
    deviceHistoryQuerySchema,
    deviceHistoryPageSchema,
    (db, scope, { id, cursor, limit }) => listDeviceHistory(db, scope, id, { cursor, limit }),
  ),

  /** Clears "Needs review", which a check-in sets on a device it added. */
  markReviewed: staffProcedure
    .meta(rest("POST", "/devices/{id}/review", tags, "Mark a device reviewed (clears Needs review)"))
    .input(idInput)
    .output(deviceSchema)
    .mutation(({ ctx, input }) => markDeviceReviewed(ctx.db, ctx.scope, input.id)),

  create: clientOrStaffProcedure
    .meta(rest("POST", "/devices", tags, "Add a device", { keyScope: "devices:write" }))
    .input(deviceCreateInputSchema)
    .output(deviceSchema)
    .mutation(async ({ ctx, input }) => {
      const { clientId, ...fields } = input;
      return createDevice(ctx.db, ctx.scope, clientId, fields);
    }),

  /** A full replacement: fields left out or empty become null (docs/architecture.md: empty values are removed). */
  update: clientOrStaffProcedure
    .meta(rest("PUT", "/devices/{id}", tags, "Edit a device", { keyScope: "devices:write" }))
    .input(deviceUpdateInputSchema.extend({ id: z.string() }))
    .output(deviceSchema)
    .mutation(({ ctx, input }) => {
      const { id, version, ...fields } = input;
      return versionedWrite(
        () => updateDevice(ctx.db, ctx.scope, id, fields, expectedVersion(ctx.headers, version)),
        () => getDevice(ctx.db, ctx.scope, id),
      );
    }),

  delete: clientOrStaffProcedure
    .meta(rest("DELETE", "/devices/{id}", tags, "Delete a device (staff only)"))
    .input(idInput)
    .output(z.object({ success: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      // Deletion is offered in admin mode only (docs/product-spec.md §6); clients may add and edit, never delete.
      requireStaff(ctx.user, "Only staff can delete devices");
      await deleteDevice(ctx.db, ctx.scope, input.id);
      return { success: true };
    }),

  import: clientOrStaffProcedure
    .meta(rest("POST", "/devices/import", tags, "Import devices from CSV (all rows or none)"))
    .input(deviceImportInputSchema)
    .output(deviceImportResultSchema)
    .mutation(async ({ ctx, input }) => {
      return importDevices(ctx.db, ctx.scope, input.clientId, input.csv, { dryRun: input.dryRun });
    }),

  // Enrolment tokens for the check-in scripts (docs/features.md §12): staff read them, admins write them,
  // and the token's secret appears only in the create answer.
  enrolmentTokens: staffQuery(
    rest("GET", "/clients/{clientId}/enrolment-tokens", tags, "A company's device enrolment tokens"),
    enrolmentTokenListInputSchema,
    z.array(enrolmentTokenSchema),
    (db, _scope, { clientId }) => listEnrolmentTokens(db, clientId),
  ),

  createEnrolmentToken: adminProcedure
    .meta(rest("POST", "/clients/{clientId}/enrolment-tokens", tags, "Create an enrolment token (shown once)"))
    .input(enrolmentTokenCreateInputSchema)
    .output(createdEnrolmentTokenSchema)
    .mutation(({ ctx, input }) => createEnrolmentToken(ctx.db, ctx.scope, { ...input, createdBy: ctx.user.id })),

  revokeEnrolmentToken: adminProcedure
    .meta(rest("POST", "/enrolment-tokens/{id}/revoke", tags, "Revoke an enrolment token"))
    .input(enrolmentTokenRevokeInputSchema)
    .output(enrolmentTokenSchema)
    .mutation(({ ctx, input }) => revokeEnrolmentToken(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
