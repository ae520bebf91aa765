// Settings an admin keeps, one app_settings row per key, read over their defaults (a row written by an
// older version may lack a field, and a row that no longer parses falls back to them): the security
// policy, time, billing, device check-in. One reader and one writer for all of them.
import { appSettings, eq, type DbExecutor } from "@repo/db";
import type { ZodType } from "zod";

export interface StoredSettings<T> {
  read(db: DbExecutor): Promise<T>;
  write(db: DbExecutor, settings: T, updatedBy: string | null): Promise<T>;
}

export function storedSettings<T extends object>(key: string, schema: ZodType<T>, defaults: T): StoredSettings<T> {
  return {
    async read(db) {
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
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
