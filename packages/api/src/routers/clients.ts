// Client companies: the public list for the public ticket form, the staff list, and ADMIN edits of a
// company profile (clients/companies.ts).
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { clientProfileInputSchema, clientUpdateInputSchema, listSchema } from "@repo/validators";
import { adminProcedure, publicProcedure, staffRead, rest } from "../trpc.js";
import {
  createCompany,
  getStaffCompany,
  listCompanies,
  listCompanyNames,
  staffCompanySchema,
  updateCompany,
} from "../clients/companies.js";
import { expectedVersion, versionedWrite } from "./versions.js";

const tags = ["clients"];

export const clientsRouter = {
  /** Public: the Organization select of the public ticket form needs it. Names only. */
  publicList: publicProcedure
    .meta(rest("GET", "/admin/clients", tags, "Client names for the public ticket form", { protect: false }))
    .output(z.array(z.object({ id: z.string(), name: z.string() })))
    .query(({ ctx }) => listCompanyNames(ctx.db)),

  list: staffRead(
    rest("GET", "/clients", tags, "Client companies with their profiles"),
    listSchema("clients", staffCompanySchema),
    async (db, scope) => ({ clients: await listCompanies(db, scope) }),
  ),

  create: adminProcedure
    .meta(rest("POST", "/clients", tags, "Add a client company (admin)"))
    .input(clientProfileInputSchema)
    .output(staffCompanySchema)
    .mutation(({ ctx, input }) => createCompany(ctx.db, input, ctx.user)),

  update: adminProcedure
    .meta(rest("PATCH", "/clients/{id}", tags, "Edit a company profile (admin)"))
    .input(clientUpdateInputSchema.extend({ id: z.string() }))
    .output(staffCompanySchema)
    .mutation(({ ctx, input: { id, version, ...fields } }) =>
      versionedWrite(
        () => updateCompany(ctx.db, ctx.scope, id, fields, ctx.user, expectedVersion(ctx.headers, version)),
        () => getStaffCompany(ctx.db, ctx.scope, id),
      ),
    ),
} satisfies TRPCRouterRecord;
