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

export function storedSettings<T extends object>(key: string, schema: ZodType<T>, defaults: T): StoredSettings<T> {
  return {
    async read(db) {
      const [row] = await storedValue(db, { key });
      const parsed = schema.safeParse({ ...defaults, ...(row?.value as object | undefined) });
      return parsed.success ? parsed.data : defaults;
    },
    async write(db, settings, updatedBy) {
      await db
        .insert(appSettings)
        .values({ key, value: settings, updatedBy })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: settings, updatedBy, updatedAt: new Date() } });
      return settings;
    },
  };
}
