// Client companies: the names the public ticket form offers, the staff list, an ADMIN's edits of a
// company profile, and the caller's own company for the client portal.
import {
  and,
  asc,
  auditLogs,
  clients,
  columnsOf,
  type Database,
  type DbExecutor,
  eq,
  inArray,
  isUniqueViolation,
  isUuid,
} from "@repo/db";
import type { ClientProfileInput } from "@repo/validators";
import { z } from "zod";
import { companyFilter, type CompanyScope, type Scope } from "../auth/scope.js";
import { ConflictError, InvalidError, NotFoundError, StaleVersionError } from "../errors.js";
import { PUBLIC_MAIL_DOMAINS } from "../mail/inbound/match.js";

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
});

/** The columns `companySchema` describes, for select(...) and returning(...). */
const companyColumns = columnsOf(clients, companySchema.keyof().options);

/**
 * What staff see of a company: its profile, whether it signs in with single sign-on only, the mail
 * domains it trusts (docs/decisions/0027-held-intake.md) and its version (docs/architecture.md §8a).
 */
export const staffCompanySchema = companySchema.extend({
  ssoRequired: z.boolean(),
  showTimeToClient: z.boolean(),
  trustedDomains: z.array(z.string()),
  /** Its billing (docs/features.md §11), set through billing.setCompanyBilling: null is the default tax code. */
  taxCodeId: z.string().nullable(),
  billingEmail: z.string().nullable(),
  billingAddress: z.string().nullable(),
  version: z.number().int(),
});
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
    showTimeToClient: input.showTimeToClient,
    trustedDomains: input.trustedDomains && [...new Set(input.trustedDomains)].sort(),
  };
};

/**
 * A trusted domain lets its mail in unsigned and its public-form requesters in unreviewed: a webmail
 * domain anyone can have an address at would let anyone in.
 */
function assertTrustable(domains: readonly string[] | undefined) {
  const open = domains?.find((d) => PUBLIC_MAIL_DOMAINS.has(d));
  if (open) throw new InvalidError(`${open} is a public mail domain and cannot be trusted`);
}

/** A change of the trusted domains, in the audit log (no ticket: the company's history). */
async function auditTrustedDomains(tx: DbExecutor, actor: CompanyEditor, id: string, from: string[], to: string[]) {
  if (from.join() === to.join()) return;
  await tx.insert(auditLogs).values({
    ticketId: null,
    actorId: actor.id,
    actorName: actor.name,
    action: TRUSTED_DOMAINS_AUDIT_ACTION,
    changes: { clientId: { from: id, to: id }, trustedDomains: { from, to } },
  });
}

export const TRUSTED_DOMAINS_AUDIT_ACTION = "client.trusted_domains";

/** Who edits a company: recorded when the trusted domains change. */
export interface CompanyEditor {
  id: string;
  name: string;
}

const nameTaken = () => new ConflictError("A client with this name already exists");

/** Every company's id and name, by name: the Organization select of the public ticket form. Names only. */
export const listCompanyNames = (db: DbExecutor) =>
  db.select({ id: clients.id, name: clients.name }).from(clients).orderBy(asc(clients.name));

/** The companies the scope reaches, with their profiles, by name. */
export const listCompanies = (db: DbExecutor, scope: Scope) =>
  db.select(staffCompanyColumns).from(clients).where(companyFilter(scope, clients.id)).orderBy(asc(clients.name));

/** The caller's own company (the client portal's profile). */
export async function getOwnCompany(db: DbExecutor, scope: CompanyScope) {
  const [company] = await db.select(companyColumns).from(clients).where(companyFilter(scope, clients.id));
  if (!company) throw NotFoundError.of("Client");
  return company;
}

/** Refuses (400 "Unknown company") a list naming a company that does not exist, before anything is written. */
export async function assertCompaniesExist(db: DbExecutor, clientIds: readonly string[]): Promise<void> {
  const unique = [...new Set(clientIds)];
  if (unique.length === 0) return;
  const found = await db.select({ id: clients.id }).from(clients).where(inArray(clients.id, unique));
  if (found.length !== unique.length) throw new InvalidError("Unknown company");
}

/** The id of the company `id` names, or undefined when there is none (an id that is not a UUID included). */
export async function findCompanyId(db: DbExecutor, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const [company] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
  return company?.id;
}

export async function createCompany(db: Database, input: ClientProfileInput, actor: CompanyEditor) {
  assertTrustable(input.trustedDomains);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ...profileValues(input), name: input.name })
      .onConflictDoNothing({ target: clients.name })
      .returning(staffCompanyColumns);
    if (!row) throw nameTaken();
    await auditTrustedDomains(tx, actor, row.id, [], row.trustedDomains);
    return row;
  });
}

/** A company as staff see it. */
export async function getStaffCompany(db: DbExecutor, scope: Scope, id: string) {
  const [row] = isUuid(id)
    ? await db
        .select(staffCompanyColumns)
        .from(clients)
        .where(and(eq(clients.id, id), companyFilter(scope, clients.id)))
    : [];
  if (!row) throw NotFoundError.of("Client");
  return row;
}

/**
 * Changes the fields given; none given answers the company as it is. With `version`, only while the
 * company is still at that version (docs/architecture.md §8a), checked under the row lock the write takes.
 */
export async function updateCompany(
  db: Database,
  scope: Scope,
  id: string,
  fields: Partial<ClientProfileInput>,
  actor: CompanyEditor,
  version?: number,
) {
  if (!isUuid(id)) throw NotFoundError.of("Client");
  assertTrustable(fields.trustedDomains);
  const ofScope = companyFilter(scope, clients.id);
  // No row: not the caller's company (not found), or, with a version, one saved since.
  const missing = async () => {
    if (version === undefined) return NotFoundError.of("Client");
    await getStaffCompany(db, scope, id);
    return new StaleVersionError("company");
  };
  if (fields.name) {
    const [other] = await db.select({ id: clients.id }).from(clients).where(eq(clients.name, fields.name));
    if (other && other.id !== id) throw nameTaken();
  }
  const values = Object.fromEntries(Object.entries(profileValues(fields)).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) {
    const [row] = await db
      .select(staffCompanyColumns)
      .from(clients)
      .where(and(eq(clients.id, id), ofScope));
    if (!row) throw await missing();
    return row;
  }
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ trustedDomains: clients.trustedDomains, version: clients.version })
        .from(clients)
        .where(and(eq(clients.id, id), ofScope))
        .for("update");
      if (!before) throw NotFoundError.of("Client");
      if (version !== undefined && before.version !== version) throw new StaleVersionError("company");
      const [row] = await tx
        .update(clients)
        .set(values)
        .where(and(eq(clients.id, id), ofScope))
        .returning(staffCompanyColumns);
      if (!row) throw NotFoundError.of("Client");
      await auditTrustedDomains(tx, actor, id, before.trustedDomains, row.trustedDomains);
      return row;
    });
  } catch (error) {
    // Another admin took the name between our check and the update.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}
