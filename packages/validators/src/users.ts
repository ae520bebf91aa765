// The people who sign in: an admin creates and edits them (the staff Users screen), and lists them.
import { z } from "zod";
import { roleSchema } from "./enums.js";
import { newPassword } from "./accounts.js";
import { PASSWORD_MIN, MAX_LENGTHS } from "./constants.js";
import { email, idText, required } from "./fields.js";
import { optionalPageParams, pageParams } from "./paging.js";
import { text } from "./text.js";
import { basedOnVersion, quantity } from "./wire.js";

export const registerInputSchema = z
  .object({
    name: required("Name is required", MAX_LENGTHS.name),
    email: email("Please enter a valid email address"),
    password: newPassword(),
    role: roleSchema,
    clientId: idText().optional(),
  })
  .refine((u) => u.role !== "CLIENT" || !!u.clientId, {
    message: "A client user needs a company",
    path: ["clientId"],
  });
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const userUpdateInputSchema = z.object({
  name: required("Name is required", MAX_LENGTHS.name).optional(),
  role: roleSchema.optional(),
  /** Required when the role becomes CLIENT. */
  clientId: idText().nullable().optional(),
  active: z.boolean().optional(),
  version: basedOnVersion(),
});
export type UserUpdateInput = z.infer<typeof userUpdateInputSchema>;

export const userPasswordResetInputSchema = z.object({
  password: text(MAX_LENGTHS.password).min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  /**
   * Also remove the person's passkeys and authenticator app: whoever took the account may have added their
   * own. Optional (on unless said otherwise), so the earlier body `{ password }` keeps its meaning.
   */
  removeFactors: z.boolean().default(true),
});

/** What an admin's password reset did besides the password: the passkeys and the app it removed. */
export const userPasswordResetSchema = z.object({
  success: z.literal(true),
  removed: z.object({ passkeys: quantity(), authenticatorApp: z.boolean() }),
});
export type UserPasswordReset = z.infer<typeof userPasswordResetSchema>;

/** A page of the staff Users screen: a screenful, and quick whatever the number of client sign-ins. */
export const USER_PAGE_SIZE = 50;

/** GET /api/users: every user, or with `cursor` and `limit` the users after the cursor; `{ users }` either way. */
export const userListQuerySchema = z.object(optionalPageParams).optional();

/** GET /api/users/page: a page of the users whose name or email contains `q`, by name, then email. */
export const userPageQuerySchema = z.object({
  q: text(MAX_LENGTHS.search).trim().optional(),
  ...pageParams(USER_PAGE_SIZE),
});
export type UserPageQuery = z.infer<typeof userPageQuerySchema>;
