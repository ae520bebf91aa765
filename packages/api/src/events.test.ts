import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@repo/db/testing";
import { createDatabaseBus, createLocalBus, type DomainEvent } from "./events.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("event bus", () => {
  it("delivers locally to every subscriber until it unsubscribes", async () => {
    const bus = createLocalBus();
    const a: DomainEvent[] = [];
    const b: DomainEvent[] = [];
    bus.subscribe((e) => a.push(e));
    const stopB = bus.subscribe((e) => b.push(e));
    await bus.publish({ type: "ticket.created", ticketId: "1" });
    stopB();
    await bus.publish({ type: "ticket.updated", ticketId: "1" });
    expect(a.map((e) => e.type)).toEqual(["ticket.created", "ticket.updated"]);
    expect(b.map((e) => e.type)).toEqual(["ticket.created"]);
  });

  it("carries events between two buses on one database through LISTEN/NOTIFY", async () => {
    const one = await createDatabaseBus(database);
    const two = await createDatabaseBus(database);
    const heard: DomainEvent[] = [];
    const arrived = new Promise<void>((resolve) =>
      two.subscribe((e) => {
        heard.push(e);
        resolve();
      }),
    );
    const event: DomainEvent = { type: "comment.created", ticketId: "t1", clientId: "c1", internal: true };
    await one.publish(event);
    await arrived;
    expect(heard).toEqual([event]);
    await one.close();
    await two.close();
  });
});
