// pnpm user:create --email a@b.c --name "Full Name" --role ADMIN [--password ...] [--client "Company"]
// Creates a user directly in the database: how the first admin of a production install is made.
import { parseArgs } from "node:util";
import { join } from "node:path";
import { clients, createDatabase, eq, hashPassword, users } from "@repo/db";
import { registerInputSchema } from "@repo/validators";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "ADMIN" },
    password: { type: "string" },
    client: { type: "string" },
  },
});

const password = values.password ?? process.env.USER_PASSWORD;
const handle = await createDatabase({
  url: process.env.DATABASE_URL,
  dataDir: join(process.env.DATA_DIR ?? "./data", "pglite"),
});
try {
  let clientId: string | undefined;
  if (values.client) {
    const [company] = await handle.db.select().from(clients).where(eq(clients.name, values.client));
    if (!company) throw new Error(`No client company named "${values.client}"`);
    clientId = company.id;
  }
  const parsed = registerInputSchema.safeParse({ ...values, password, clientId });
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  }
  const input = parsed.data;
  const [user] = await handle.db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      role: input.role,
      clientId: clientId ?? null,
      passwordHash: await hashPassword(input.password),
    })
    .onConflictDoNothing()
    .returning();
  if (!user) throw new Error(`A user with the email ${input.email} already exists`);
  console.log(`Created ${user.role} ${user.email}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
