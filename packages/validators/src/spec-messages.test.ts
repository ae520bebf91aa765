import { describe, expect, it } from "vitest";
import { plural } from "./plural.js";
import {
  chatMessageInputSchema,
  clientLoginInputSchema,
  clientTicketCreateInputSchema,
  contactInputSchema,
  deviceFieldsSchema,
  publicTicketCreateInputSchema,
  staffLoginInputSchema,
} from "./index.js";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("the spec's validation messages (section 5)", () => {
  it("contact form", () => {
    expect(messages(contactInputSchema.safeParse({ firstName: "", lastName: " ", email: "nope" }))).toEqual([
      "First name is required",
      "Last name is required",
      "Invalid email address",
    ]);
    expect(
      contactInputSchema.safeParse({ firstName: "Ann", lastName: "Lee", email: "ann@x.ca", service: "managed-it" })
        .success,
    ).toBe(true);
    expect(
      contactInputSchema.safeParse({ firstName: "Ann", lastName: "Lee", email: "ann@x.ca", service: "other" }).success,
    ).toBe(false);
  });

  it("sign-in forms differ in their email message", () => {
    expect(messages(clientLoginInputSchema.safeParse({ email: "x", password: "" }))).toEqual([
      "Valid email is required",
      "Password is required",
    ]);
    expect(messages(staffLoginInputSchema.safeParse({ email: "x", password: "p" }))).toEqual([
      "Please enter a valid email address",
    ]);
  });

  it("client new ticket: lengths, defaults and messages", () => {
    const bad = clientTicketCreateInputSchema.safeParse({
      title: "abcd",
      description: "short",
      requesterName: "",
      requesterEmail: "x",
    });
    expect(messages(bad)).toEqual([
      "Title must be at least 5 characters",
      "Description must be at least 20 characters",
      "Your name is required",
      "Valid email is required",
    ]);
    const ok = clientTicketCreateInputSchema.parse({
      title: "abcde",
      description: "x".repeat(20),
      requesterName: "D",
      requesterEmail: "d@acme.test",
    });
    expect(ok).toMatchObject({ type: "REQUEST", priority: "P3" });
  });

  it("public ticket: name of 2 characters, a client, type in title case defaulting to Request", () => {
    const bad = publicTicketCreateInputSchema.safeParse({
      title: "Hello",
      description: "x".repeat(20),
      requesterName: "A",
      requesterEmail: "a",
      clientId: "",
    });
    expect(messages(bad)).toEqual(["Name is required", "Please enter a valid email address", "Please select a client"]);
    const ok = publicTicketCreateInputSchema.parse({
      title: "Hello",
      description: "x".repeat(20),
      requesterName: "Al",
      requesterEmail: "a@b.ca",
      clientId: "c1",
    });
    expect(ok).toMatchObject({ type: "Request", priority: "P3" });
    expect(publicTicketCreateInputSchema.safeParse({ ...ok, type: "INCIDENT" }).success).toBe(false);
  });

  it("chat and device rules", () => {
    expect(messages(chatMessageInputSchema.safeParse({ content: "  " }))).toEqual(["Message is required"]);
    expect(messages(deviceFieldsSchema.safeParse({ serialNumber: "" }))).toEqual(["Serial number is required"]);
    expect(deviceFieldsSchema.safeParse({ serialNumber: "S1", email: "" }).success).toBe(true);
    expect(deviceFieldsSchema.safeParse({ serialNumber: "S1", status: "LOST" }).success).toBe(false);
    expect(deviceFieldsSchema.safeParse({ serialNumber: "S1", purchaseDate: "2025-02-30x" }).success).toBe(false);
    expect(deviceFieldsSchema.parse({ serialNumber: "S1", purchaseDate: "2025-02-03" }).purchaseDate).toBe(
      "2025-02-03",
    );
  });
});

describe("plural", () => {
  it("writes one and many as people do, with a noun's own plural where it has one", () => {
    expect([plural(0, "portal user"), plural(1, "portal user"), plural(2, "portal user")]).toEqual([
      "0 portal users",
      "1 portal user",
      "2 portal users",
    ]);
    expect(plural(3, "company", "companies")).toBe("3 companies");
  });
});
