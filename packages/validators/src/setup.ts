// The first run of a production install (docs/features.md §19): a one-time link in the start's log opens
// /setup, which asks for the provider's name, the first admin account and the mail settings.
import { z } from "zod";
import { confirmed, newPassword } from "./accounts.js";
import { MAX_LENGTHS } from "./constants.js";
import { email, required } from "./fields.js";
import { text } from "./text.js";

/** How long the printed setup link works. */
export const SETUP_LINK_MINUTES = 60;

/** smtp:// or smtps://, as the SMTP_URL variable takes it. */
const smtpUrl = text(500, "The SMTP address is too long")
  .trim()
  .refine((v) => v === "" || /^smtps?:\/\/[^\s]+$/.test(v), "The SMTP address must start with smtp:// or smtps://")
  .transform((v) => v || null);

/** The mail settings an admin stores; the SMTP_URL variable, when set, wins over them. */
export const mailSettingsSchema = z.object({
  smtpUrl: smtpUrl.nullable(),
  /** The address mails are sent from; empty: the product's default. */
  fromAddress: z
    .union([z.literal(""), email("Please enter a valid From address")])
    .nullable()
    .transform((v) => v || null),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

/**
 * GET/PUT /api/settings/mail: the stored settings as an admin sees them. The SMTP address comes without its
 * password (a PUT of the same address without one keeps the stored password); `smtpFromEnvironment`: the
 * SMTP_URL variable is set on the server and wins over the stored address.
 */
export const mailSettingsViewSchema = z.object({
  smtpUrl: z.string().nullable(),
  smtpPasswordStored: z.boolean(),
  fromAddress: z.string().nullable(),
  smtpFromEnvironment: z.boolean(),
});
export type MailSettingsView = z.infer<typeof mailSettingsViewSchema>;

/** POST /api/setup */
export const setupInputSchema = z.object({
  token: z.string().min(1, "The setup link is not valid").max(200, "The setup link is not valid"),
  providerName: required("Your company's name is required", MAX_LENGTHS.name),
  admin: z.object({
    name: required("Name is required", MAX_LENGTHS.name),
    email: email("Please enter a valid email address"),
    password: newPassword(),
  }),
  mail: mailSettingsSchema,
});
export type SetupInput = z.infer<typeof setupInputSchema>;

/** The /setup page's form: the same fields flat, the password typed twice. */
export const setupFormSchema = z
  .object({
    providerName: setupInputSchema.shape.providerName,
    name: setupInputSchema.shape.admin.shape.name,
    email: setupInputSchema.shape.admin.shape.email,
    password: newPassword(),
    confirm: z.string(),
    smtpUrl,
    fromAddress: mailSettingsSchema.shape.fromAddress,
  })
  .refine((v) => v.password === v.confirm, confirmed);
