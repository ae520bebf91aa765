import { describe, expect, it } from "vitest";
import { cannedReplyFieldsSchema, fillPlaceholders, unknownPlaceholders } from "./canned-replies.js";

const context = {
  ticket: { id: "01980000-0000-7000-8000-00001a2b3c4d", requesterName: "  Dana   Whitfield " },
  agent: { name: "Sam Patel" },
};

describe("canned reply placeholders", () => {
  it("fills each known placeholder, spaces inside the braces allowed", () => {
    expect(fillPlaceholders("Hi {{requester.firstName}}, {{ ticket.reference }} - {{agent.name}}", context)).toBe(
      "Hi Dana, Ticket #1a2b3c4d - Sam Patel",
    );
  });

  it("leaves unknown ones as written, and names them once each, in order", () => {
    expect(fillPlaceholders("{{nope}} {{agent.name}}", context)).toBe("{{nope}} Sam Patel");
    expect(unknownPlaceholders("{{b}} {{a}} {{b}} {{agent.name}} {not one}")).toEqual(["b", "a"]);
    // Names inherited by every object are not placeholders either.
    expect(unknownPlaceholders("{{constructor}} {{toString}}")).toEqual(["constructor", "toString"]);
  });

  it("refuses a body with an unknown placeholder, listing the ones that exist", () => {
    const result = cannedReplyFieldsSchema.safeParse({ title: "T", body: "Hi {{requester.lastName}}" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Unknown placeholder {{requester.lastName}}. Use {{requester.firstName}}, {{ticket.reference}}, {{agent.name}}",
    ]);
    expect(cannedReplyFieldsSchema.parse({ title: "T", body: "Hi {{requester.firstName}}" }).shared).toBe(false);
  });
});
