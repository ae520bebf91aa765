// A database of its own on the test PostgreSQL server (TEST_DATABASE_URL, or the local one), for tests that
// need real row locks or more than one process on one database; dropped with `drop()`.
import { randomBytes } from "node:crypto";
import postgres from "postgres";

export async function scratchPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = () => postgres(serverUrl, { max: 1, onnotice: () => {} });
  const create = admin();
  await create.unsafe(`create database "${name}"`);
  await create.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const sql = admin();
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    },
  };
}
