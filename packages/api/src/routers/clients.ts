// Client companies: the public list for the public ticket form, the staff list, and ADMIN edits of a
// company profile.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { asc, clients, columnsOf, eq, isUniqueViolation, isUuid } from "@repo/db";
import { clientProfileInputSchema, type ClientProfileInput, listSchema } from "@repo/validators";
import { adminProcedure, publicProcedure, staffProcedure, rest } from "../trpc.js";
import { ConflictError, NotFoundError } from "../errors.js";

const tags = ["clients"];

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
});

/** The columns `companySchema` describes, for select(...) and returning(...). */
export const companyColumns = columnsOf(clients, companySchema.keyof().options);

/** What staff see of a company: its profile and whether it signs in with single sign-on only. */
const staffCompanySchema = companySchema.extend({ ssoRequired: z.boolean() });
const staffCompanyColumns = columnsOf(clients, staffCompanySchema.keyof().options);

/** Empty optional fields are stored as null, so "Not provided" and "only when present" work. */
const profileValues = (input: Partial<ClientProfileInput>) => {
  const orNull = (v: string | undefined) => (v === undefined ? undefined : v.trim() === "" ? null : v.trim());
  return {
    name: input.name,
    contactEmail: orNull(input.contactEmail),
    contactPhone: orNull(input.contactPhone),
    address: orNull(input.address),
    description: orNull(input.description),
    ssoRequired: input.ssoRequired,
  };
};

const nameTaken = () => new ConflictError("A client with this name already exists");
export const clientsRouter = {
  /** Public: the Organization select of the public ticket form needs it. Names only. */
  publicList: publicProcedure
    .meta(rest("GET", "/admin/clients", tags, "Client names for the public ticket form", { protect: false }))
    .output(z.array(z.object({ id: z.string(), name: z.string() })))
    .query(({ ctx }) => ctx.db.select({ id: clients.id, name: clients.name }).from(clients).orderBy(asc(clients.name))),

  list: staffProcedure
    .meta(rest("GET", "/clients", tags, "Client companies with their profiles"))
    .output(listSchema("clients", staffCompanySchema))
    .query(async ({ ctx }) => ({
      clients: await ctx.db.select(staffCompanyColumns).from(clients).orderBy(asc(clients.name)),
    })),

  create: adminProcedure
    .meta(rest("POST", "/clients", tags, "Add a client company (admin)"))
    .input(clientProfileInputSchema)
    .output(staffCompanySchema)
    .mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .insert(clients)
        .values({ ...profileValues(input), name: input.name })
        .onConflictDoNothing({ target: clients.name })
        .returning(staffCompanyColumns);
      if (!row) throw nameTaken();
      return row;
    }),

  update: adminProcedure
    .meta(rest("PATCH", "/clients/{id}", tags, "Edit a company profile (admin)"))
    .input(clientProfileInputSchema.partial().extend({ id: z.string() }))
    .output(staffCompanySchema)
    .mutation(async ({ ctx, input }) => {
      if (!isUuid(input.id)) throw NotFoundError.of("Client");
      const { id, ...fields } = input;
      if (fields.name) {
        const [other] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.name, fields.name));
        if (other && other.id !== id) throw nameTaken();
      }
      const values = Object.fromEntries(Object.entries(profileValues(fields)).filter(([, v]) => v !== undefined));
      if (Object.keys(values).length === 0) {
        const [row] = await ctx.db.select(staffCompanyColumns).from(clients).where(eq(clients.id, id));
        if (!row) throw NotFoundError.of("Client");
        return row;
      }
      try {
        const [row] = await ctx.db.update(clients).set(values).where(eq(clients.id, id)).returning(staffCompanyColumns);
        if (!row) throw NotFoundError.of("Client");
        return row;
      } catch (error) {
        // Another admin took the name between our check and the update.
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    }),
} satisfies TRPCRouterRecord;
