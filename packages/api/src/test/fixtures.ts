// The demo seed (db/src/seed.ts) as the API tests meet it: its accounts, the ids of its companies and
// users, and signing several accounts in at once. Also a valid payload of each form, for the tests that
// send one as it is or with one field changed.
import { clients, columnsOf, type DbExecutor, eq, users } from "@repo/db";
import type { CompanyScope } from "../auth/scope.js";
import type { SessionUser } from "../auth/session.js";
import type { TestServer } from "./harness.js";

export const ADMIN = "admin@northwind.test";
export const AGENT = "agent@northwind.test";
export const VIEWER = "viewer@northwind.test";
/** Dana Whitfield, of Acme Dental. */
export const ACME = "client@acme.test";
/** Jordan Birch, of Birch Legal. */
export const BIRCH = "client@birch.test";

/** The ids of the two demo companies. */
export async function demoCompanies(server: TestServer): Promise<{ acme: string; birch: string }> {
  const companies = await server.services.db.select({ id: clients.id, name: clients.name }).from(clients);
  const idOf = (name: string) => companies.find((c) => c.name === name)!.id;
  return { acme: idOf("Acme Dental"), birch: idOf("Birch Legal") };
}

/** Every user's id, by email. */
export async function userIds(server: TestServer): Promise<Record<string, string>> {
  const rows = await server.services.db.select({ id: users.id, email: users.email }).from(users);
  return Object.fromEntries(rows.map((u) => [u.email, u.id]));
}

/** One person's log as an admin reads it: the status, and the events (newest first; none when refused). */
export type PersonLogReader<Event> = (email: string, token?: string) => Promise<{ status: number; events: Event[] }>;

/**
 * Signs the admin in and returns the reader of one of the logs an admin keeps of each person
 * (GET /api/users/{id}/sign-ins or /account-changes); another token may be given, to be refused.
 */
export async function personLogReader<Event>(
  server: TestServer,
  log: "sign-ins" | "account-changes",
): Promise<PersonLogReader<Event>> {
  const ids = await userIds(server);
  const admin = await server.login(ADMIN);
  return async (email, token = admin) => {
    const res = await server.request(`/api/users/${ids[email]}/${log}`, { token });
    return { status: res.status, events: ((await res.json()) as { events?: Event[] }).events ?? [] };
  };
}

/** Signs the accounts in, one after the other; their tokens by email. */
export async function signIn(server: TestServer, emails: readonly string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const email of emails) tokens[email] = await server.login(email);
  return tokens;
}

/** The client portal's new-ticket form, filled in by Dana of Acme Dental. */
export const CLIENT_TICKET = {
  title: "Shared calendar missing",
  description: "The front desk cannot see the shared calendar in Outlook since today.",
  type: "INCIDENT",
  priority: "P2",
  requesterName: "Dana Whitfield",
  requesterEmail: "client@acme.test",
};

/** The public ticket form; the tests add the client company it is for. */
export const PUBLIC_TICKET = {
  title: "Printer offline again",
  description: "The office printer drops off the network every morning.",
  requesterName: "Pat Visitor",
  requesterEmail: "pat@example.org",
  priority: "P3",
  type: "Incident",
};

/** The contact form, with a service and the ?ref= the visitor arrived with. */
export const ENQUIRY = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.test",
  company: "Engines Ltd",
  service: "cloud-migration-lite",
  message: "Moving 12 mailboxes.",
  ref: "homepage",
};

/**
 * Uploads one file as the portals' file picker does (POST /api/attachments, field "file"); `token`
 * signs it in, `ip` (with TRUST_PROXY) stands for a visitor's address.
 */
export function uploadFile(
  server: TestServer,
  file: { name: string; bytes: Buffer },
  from: { token?: string; ip?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  const headers: Record<string, string> = from.ip ? { "x-forwarded-for": from.ip } : {};
  return server.request("/api/attachments", { method: "POST", body: form, token: from.token, headers });
}

/** Uploads and returns the new upload's id (the upload must be accepted). */
export async function uploadedId(
  server: TestServer,
  file: { name: string; bytes: Buffer },
  from: { token?: string; ip?: string } = {},
): Promise<string> {
  const res = await uploadFile(server, file, from);
  if (res.status !== 201) throw new Error(`upload ${file.name} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** A client user as the assistant sees them: the user, their company's scope and its name. */
export interface ClientAsker {
  user: SessionUser;
  scope: CompanyScope;
  companyName: string;
}

export async function clientAsker(db: DbExecutor, email: string): Promise<ClientAsker> {
  const [row] = await db
    .select({ ...columnsOf(users, ["id", "name", "email", "role", "clientId"]), companyName: clients.name })
    .from(users)
    .innerJoin(clients, eq(users.clientId, clients.id))
    .where(eq(users.email, email));
  const { companyName, ...user } = row!;
  return { user, scope: { kind: "company", clientId: user.clientId!, userId: user.id }, companyName };
}
