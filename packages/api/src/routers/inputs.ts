// Input schemas that many procedures share.
import { z } from "zod";

/**
 * The input of a mutation that takes none, such as a sign-out: the web client sends {} and a REST caller
 * may send no body at all; both are accepted. A GET that takes nothing declares no input.
 */
export const noInput = z.object({}).optional();

/** A row named by the `{id}` of its path. Any string: one that is not a UUID is "not found", not invalid. */
export const idInput = z.object({ id: z.string() });
