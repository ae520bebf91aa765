// Settings an admin keeps, one app_settings row per key, read over their defaults (a row written by an
// older version may lack a field, and a row that no longer parses falls back to them): the security
// policy, time, billing, device check-in. One reader and one writer for all of them.
import { appSettings, type DbExecutor, eq, preparedQuery, sql } from "@repo/db";
import type { ZodType } from "zod";

export interface StoredSettings<T> {
  read(db: DbExecutor): Promise<T>;
  write(db: DbExecutor, settings: T, updatedBy: string | null): Promise<T>;
}

// Built once: the check-in settings are read at every device check-in (docs/performance.md §5).
const storedValue = preparedQuery("app_setting", (db) =>
  db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, sql.placeholder("key"))),
);

/**
 * `cacheMs`: how long a read is believed without asking again, for settings read on a hot path (the
 * check-in's, at every check-in). A write here drops what this process holds at once; another instance
 * sees it within `cacheMs`. Kept per database handle: a process may hold several (tests), and a
 * transaction, a handle of its own, reads what it sees.
 */
export function storedSettings<T extends object>(
  key: string,
  schema: ZodType<T>,
  defaults: T,
  { cacheMs = 0 }: { cacheMs?: number } = {},
): StoredSettings<T> {
  let cached = new WeakMap<DbExecutor, { settings: T; until: number }>();
  return {
    async read(db) {
      const now = Date.now();
      const hit = cached.get(db);
      if (hit && hit.until > now) return hit.settings;
      // A write during this read replaces the map: what this read found is then not kept.
      const map = cached;
      const [row] = await storedValue(db, { key });
      const parsed = schema.safeParse({ ...defaults, ...(row?.value as object | undefined) });
      const settings = parsed.success ? parsed.data : defaults;
      if (cacheMs > 0) map.set(db, { settings, until: now + cacheMs });
      return settings;
    },
    async write(db, settings, updatedBy) {
      await db
        .insert(appSettings)
        .values({ key, value: settings, updatedBy })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: settings, updatedBy, updatedAt: new Date() } });
      cached = new WeakMap();
      return settings;
    },
  };
}
