// pnpm db:seed — loads the demo data into an empty database. Refused in production and on a non-empty one.
import { OperatorError } from "../backup.js";
import { createDatabase, isEmpty } from "../client.js";
import { DEMO_PASSWORD, seedDemo } from "../seed.js";
import { runCommand } from "./operator.js";

await runCommand({ name: "db:seed", usage: "pnpm db:seed" }, async () => {
  if (process.env.NODE_ENV === "production") {
    throw new OperatorError("Refusing to seed demo data with NODE_ENV=production.");
  }
  const handle = await createDatabase({
    url: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? "../../data/pglite",
  });
  try {
    if (!(await isEmpty(handle.db))) {
      console.log("The database already has users; demo data not loaded.");
    } else {
      const { accounts } = await seedDemo(handle.db);
      console.log(`Demo data loaded. Sign-ins (password "${DEMO_PASSWORD}"):`);
      for (const a of accounts) console.log(`  ${a.role.padEnd(7)} ${a.email}${a.company ? ` (${a.company})` : ""}`);
    }
  } finally {
    await handle.close();
  }
});
