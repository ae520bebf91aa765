// Signing in (docs/product-spec.md §5) and the account forms beyond the spec: "Forgot password", the reset
// link's page, My account, second factors and passkeys.
// Password rules follow ASVS 5.0 §6.2: a minimum length, long passphrases allowed, no composition rules;
// the server also refuses passwords found in breaches (packages/api/src/auth/password-rules.ts).
import { z } from "zod";
import { MIN_LENGTHS, PASSKEY_NAME_MAX, PASSWORD_MIN, MAX_LENGTHS } from "./constants.js";
import { email, required } from "./fields.js";
import { text } from "./text.js";
import { secondFactorPolicySchema } from "./enums.js";

/** The password typed to sign in: any that fits, the server judges it. */
const password = (message: string, min: number) => text(MAX_LENGTHS.password, message).min(min, message);

export const clientLoginInputSchema = z.object({
  email: email("Valid email is required"),
  password: password("Password is required", MIN_LENGTHS.password),
});
export const staffLoginInputSchema = z.object({
  email: email("Please enter a valid email address"),
  password: password("Password is required", MIN_LENGTHS.password),
});
export type StaffLoginInput = z.infer<typeof staffLoginInputSchema>;

/** A new password: the register form's rule and message. */
export const newPassword = () =>
  text(MAX_LENGTHS.password, `Password must be at least ${PASSWORD_MIN} characters`).min(
    PASSWORD_MIN,
    `Password must be at least ${PASSWORD_MIN} characters`,
  );

/** Which sign-in page a reset was asked from; the link leads back to it. */
export const accountPortalSchema = z.enum(["client", "staff"]);
export type AccountPortal = z.infer<typeof accountPortalSchema>;

export const forgotPasswordInputSchema = z.object({
  email: email("Please enter a valid email address"),
  portal: accountPortalSchema.default("client"),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = z.object({
  token: text(100, "This link is not valid").min(1, "This link is not valid"),
  password: newPassword(),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const changePasswordInputSchema = z.object({
  currentPassword: text(MAX_LENGTHS.password, "Current password is required").min(1, "Current password is required"),
  newPassword: newPassword(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const confirmed = { message: "Passwords do not match", path: ["confirm"] };

/** The reset page's form: a new password typed twice. */
export const passwordPairInputSchema = z
  .object({ password: newPassword(), confirm: z.string() })
  .refine((v) => v.password === v.confirm, confirmed);

/** My account's form: the change, with the new password typed twice. */
export const changePasswordFormInputSchema = changePasswordInputSchema
  .extend({ confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, confirmed);

export const accountUpdateInputSchema = z.object({ name: required("Name is required", MAX_LENGTHS.name) });
export type AccountUpdateInput = z.infer<typeof accountUpdateInputSchema>;

/** The second step of a two-factor sign-in: six digits from the app, or a recovery code. */
export const secondFactorInputSchema = z.object({
  challenge: text(100, "This sign-in has expired. Please sign in again.").min(1),
  code: text(40, "Enter the code from your authenticator app")
    .trim()
    .min(1, "Enter the code from your authenticator app"),
});
export type SecondFactorInput = z.infer<typeof secondFactorInputSchema>;

/** A code that confirms enrolment: six digits. */
export const totpCodeInputSchema = z.object({
  code: text(10, "Enter the 6-digit code")
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code"),
});

/** The admin's security settings. */
export const securitySettingsSchema = z.object({ secondFactorRequired: secondFactorPolicySchema });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** Enrolment during a sign-in that requires a second factor: the challenge, and the app's first code. */
export const enrolDuringSignInInputSchema = z.object({
  challenge: text(100, "This sign-in has expired. Please sign in again.").min(1),
  code: text(10, "Enter the 6-digit code")
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code"),
});

/** A browser's WebAuthn answer, as @simplewebauthn/browser hands it over; the server verifies the rest. */
export const webauthnResponseSchema = z.looseObject({
  id: text(1024).min(1),
  rawId: text(1024).min(1),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().optional(),
});

export const passkeyNameSchema = required("Name the passkey", PASSKEY_NAME_MAX);

export const passkeyAddInputSchema = z.object({ response: webauthnResponseSchema, name: passkeyNameSchema });
export const passkeySignInInputSchema = z.object({
  response: webauthnResponseSchema,
  portal: accountPortalSchema,
});

/**
 * Proving it is you again before a change to how you sign in ("sudo mode", docs/architecture.md §6a): the
 * password, a code from the authenticator app (or a recovery code), or a passkey's answer; one of them.
 */
export const accountReauthInputSchema = z.object({
  password: text(MAX_LENGTHS.password).min(1).optional(),
  code: text(40).trim().min(1).optional(),
  response: webauthnResponseSchema.optional(),
});
export type AccountReauthInput = z.infer<typeof accountReauthInputSchema>;

/** The machine-readable code of a refusal for want of a recent re-authentication (REST `code`, tRPC `data.reason`). */
export const REAUTH_REQUIRED = "REAUTH_REQUIRED";

/** The texts both sides show. */
export const ACCOUNT_MESSAGES = {
  resetSent:
    "If an account exists for this address, we have sent it a link to choose a new password. The link works once, for 30 minutes.",
  resetInvalid: "This link has expired or was already used. Please ask for a new one.",
  invitationInvalid:
    "This invitation has expired or was already used. Please ask your administrator to send a new one.",
  breached: "This password appears in lists of breached passwords. Please choose another.",
  contextual: "Choose a password that does not contain your email name or the name of this service.",
  wrongCurrent: "The current password is not correct",
  sameAsCurrent: "The new password must differ from the current one",
  secondFactorRequired: "Two-factor sign-in is required for your account and cannot be turned off",
  reauthRequired:
    "Please confirm it is you: enter your password again (or use a code or a passkey) to make this change.",
  reauthMissing: "Enter your password, a code from your authenticator app, or use a passkey",
  reauthWrongCode: "That code is not right",
};

/** A new authenticator key, shown as a QR code; nothing changes until a code confirms it. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
