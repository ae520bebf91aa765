// API keys an admin manages (docs/features.md §13, decision 0045): created with a secret shown once and
// stored as its SHA-256, listed with what tells them apart, revoked. Each creation and revocation is
// written to the admin's account log in the same transaction, so no key comes or goes unaudited.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { type ApiKey, type ApiKeyCreated, type ApiKeyCreateInput, isUuid } from "@repo/validators";
import { alias, apiKeys, clients, desc, eq, type DbExecutor, users } from "@repo/db";
import type { StaffScope } from "../auth/scope.js";
import { hashSecret } from "../auth/session.js";
import { recordAccountChange } from "../auth/account-log.js";
import { InvalidError, NotFoundError } from "../errors.js";

/** Every key starts so: the Bearer header tells a key from a session token by it (auth/session.ts). */
export const API_KEY_MARK = "mk_live_";
/** How much of the key the list shows: the mark and 8 random characters, 40 bits to tell keys apart. */
const PREFIX_LENGTH = API_KEY_MARK.length + 8;

export const isApiKeyToken = (token: string): boolean => token.startsWith(API_KEY_MARK);

/** 160 random bits after the mark, as session tokens have. */
function generateApiKey(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return API_KEY_MARK + encodeBase32LowerCaseNoPadding(bytes);
}

const creators = alias(users, "creator");

async function keyRows(db: DbExecutor, id?: string): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, clientName: clients.name, createdByName: creators.name })
    .from(apiKeys)
    .leftJoin(clients, eq(clients.id, apiKeys.clientId))
    .leftJoin(creators, eq(creators.id, apiKeys.createdBy))
    .where(id ? eq(apiKeys.id, id) : undefined)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ key, clientName, createdByName }) => ({
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    clientId: key.clientId,
    clientName,
    createdAt: key.createdAt.toISOString(),
    createdByName,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  }));
}

/** Every key, newest first, revoked ones included (they stay listed as the record of what existed). */
export const listApiKeys = (db: DbExecutor, _scope: StaffScope): Promise<ApiKey[]> => keyRows(db);

export async function createApiKey(
  db: DbExecutor,
  scope: StaffScope,
  input: ApiKeyCreateInput,
  origin: { ip?: string | null } = {},
): Promise<ApiKeyCreated> {
  const secret = generateApiKey();
  const id = await db.transaction(async (tx) => {
    if (input.clientId) {
      const [company] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
      if (!company) throw new InvalidError("Unknown company");
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix: secret.slice(0, PREFIX_LENGTH),
        secretHash: hashSecret(secret),
        // In the list's order, once each, whatever order the form sent.
        scopes: [...new Set(input.scopes)].sort(),
        clientId: input.clientId ?? null,
        createdBy: scope.userId,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning({ id: apiKeys.id });
    await recordAccountChange(tx, {
      userId: scope.userId,
      actorId: scope.userId,
      action: "api_key_created",
      ip: origin.ip,
    });
    return row!.id;
  });
  const [key] = await keyRows(db, id);
  return { key: key!, secret };
}

/** Revokes a key at once (its next request is a 401); revoking it again changes nothing. */
export async function revokeApiKey(
  db: DbExecutor,
  scope: StaffScope,
  id: string,
  origin: { ip?: string | null } = {},
): Promise<ApiKey> {
  if (!isUuid(id)) throw NotFoundError.of("API key");
  await db.transaction(async (tx) => {
    const [key] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for("update");
    if (!key) throw NotFoundError.of("API key");
    if (key.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: new Date(), revokedBy: scope.userId }).where(eq(apiKeys.id, id));
    await recordAccountChange(tx, {
      userId: scope.userId,
      actorId: scope.userId,
      action: "api_key_revoked",
      ip: origin.ip,
    });
  });
  const [key] = await keyRows(db, id);
  return key!;
}
