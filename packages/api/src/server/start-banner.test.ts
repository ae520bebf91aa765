// What the start prints for a person at the terminal: where the server is, and the demo sign-ins that
// still work.
import { describe, expect, it } from "vitest";
import { eq, hashPassword, users } from "@repo/db";
import { serverForFile } from "../test/file-server.js";
import { listeningUrl, prepareData } from "./services.js";

const { server } = serverForFile();

describe("the start banner", () => {
  it("lists only the demo accounts whose password is still the demo one", async () => {
    const before = (await prepareData(server.services)).join("\n");
    expect(before).toContain("admin@northwind.test");
    await server.services.db
      .update(users)
      .set({ passwordHash: await hashPassword("a-password-of-my-own") })
      .where(eq(users.email, "admin@northwind.test"));
    const after = (await prepareData(server.services)).join("\n");
    expect(after).toMatch(/^Demo sign-ins/);
    expect(after).not.toContain("admin@northwind.test");
    expect(after).toContain("agent@northwind.test");
  });

  it("names the host it listens on, localhost for every interface, and PUBLIC_URL first", () => {
    expect(listeningUrl({ HOST: "127.0.0.1" }, 3000)).toBe("http://127.0.0.1:3000");
    expect(listeningUrl({ HOST: "0.0.0.0" }, 3000)).toBe("http://localhost:3000");
    expect(listeningUrl({ HOST: "::1" }, 8080)).toBe("http://[::1]:8080");
    expect(listeningUrl({ HOST: "0.0.0.0", PUBLIC_URL: "https://help.example.ca" }, 3000)).toBe(
      "https://help.example.ca",
    );
  });
});
