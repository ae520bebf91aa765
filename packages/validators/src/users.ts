// The people who sign in: an admin creates and edits them (the staff Users screen), and lists them.
import { z } from "zod";
import { roleSchema } from "./enums.js";
import { newPassword } from "./accounts.js";
import { PASSWORD_MIN, MAX_LENGTHS } from "./constants.js";
import { email, idText, required } from "./fields.js";
import { optionalPageParams, pageParams } from "./paging.js";
import { text } from "./text.js";
import { basedOnVersion, quantity } from "./wire.js";

/** Who a new account is for; the admin either sets its password or sends an invitation. */
const newUserFields = {
  name: required("Name is required", MAX_LENGTHS.name),
  email: email("Please enter a valid email address"),
  role: roleSchema,
  clientId: idText().optional(),
};

const clientNeedsCompany: [(u: { role: string; clientId?: string }) => boolean, { message: string; path: string[] }] = [
  (u) => u.role !== "CLIENT" || !!u.clientId,
  { message: "A client user needs a company", path: ["clientId"] },
];

export const registerInputSchema = z
  .object({ ...newUserFields, password: newPassword() })
  .refine(...clientNeedsCompany);
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** POST /api/users/invitations: a new account whose owner chooses the password from a mailed link. */
export const userInviteInputSchema = z.object(newUserFields).refine(...clientNeedsCompany);
export type UserInviteInput = z.infer<typeof userInviteInputSchema>;

/** How long an invitation link works: a week, long enough for someone away for a few days. */
export const INVITATION_TTL_DAYS = 7;

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
