// Input schemas that many procedures share.
import { z } from "zod";

/**
 * The input of a procedure that takes none: GET routes, and mutations such as a sign-out. The web client
 * sends {} and a REST caller may send no body at all; both are accepted.
 */
export const noInput = z.object({}).optional();

/** A row named by the `{id}` of its path. Any string: one that is not a UUID is "not found", not invalid. */
export const idInput = z.object({ id: z.string() });
