// pnpm db:migrate — applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { createDatabase } from "../client.js";
import { runCommand } from "./operator.js";

await runCommand({ name: "db:migrate", usage: "pnpm db:migrate" }, async () => {
  const handle = await createDatabase({
    url: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? "../../data/pglite",
  });
  await handle.close();
  console.log(`Migrations applied (${handle.kind}).`);
});
