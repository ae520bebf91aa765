// Our patch of tRPC's parser choice (patches/@trpc__server@11.19.0.patch, docs/decisions/0061): a zod
// schema parses synchronously, where zod's compiled fast path runs; a schema that needs to await (an async
// refinement) is parsed with parseAsync as before; refusals and stripped outputs are unchanged.
import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

const t = initTRPC.create();

/** `schema` with its parseAsync counted, so a test sees which way tRPC parsed it. */
function counted<S extends z.ZodType>(schema: S): S & { asyncCalls: () => number } {
  const parseAsync = vi.fn(schema.parseAsync.bind(schema));
  return Object.assign(schema, { parseAsync, asyncCalls: () => parseAsync.mock.calls.length });
}

const input = counted(z.object({ name: z.string().min(1) }));
const output = counted(z.object({ greeting: z.string() }));
const awaited = counted(
  z.object({ code: z.string() }).refine(async (value) => value.code === "open-sesame", "Wrong code"),
);

const router = t.router({
  greet: t.procedure
    .input(input)
    .output(output)
    // An extra field, which the output schema strips.
    .query(({ input: { name } }) => ({ greeting: `Hello ${name}`, secret: "not for the caller" })),
  unlock: t.procedure.input(awaited).mutation(() => "unlocked"),
});
const caller = t.createCallerFactory(router)({});

describe("tRPC's parse of a zod schema (patched)", () => {
  it("parses a plain schema's input and output without parseAsync, and still strips the output", async () => {
    const before = { input: input.asyncCalls(), output: output.asyncCalls() };
    expect(await caller.greet({ name: "Dana" })).toEqual({ greeting: "Hello Dana" });
    expect(input.asyncCalls()).toBe(before.input);
    expect(output.asyncCalls()).toBe(before.output);
  });

  it("refuses bad input as BAD_REQUEST with zod's issues, as before", async () => {
    const error = await caller.greet({ name: "" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    expect((error as TRPCError).cause).toBeInstanceOf(z.ZodError);
  });

  it("parses a schema with an async refinement with parseAsync: accepted and refused as before", async () => {
    const before = awaited.asyncCalls();
    expect(await caller.unlock({ code: "open-sesame" })).toBe("unlocked");
    const refused = await caller.unlock({ code: "guess" }).catch((e: unknown) => e);
    expect((refused as TRPCError).code).toBe("BAD_REQUEST");
    expect(((refused as TRPCError).cause as z.ZodError).issues[0]?.message).toBe("Wrong code");
    expect(awaited.asyncCalls()).toBe(before + 2);
  });
});
