// Configuration from environment variables, validated once at start with a clear message per bad value.
import { z } from "zod";

const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const parseUrl = (v: string) => (URL.canParse(v) ? new URL(v) : null);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

const settings = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  /**
   * A direct connection to DATABASE_URL's database when DATABASE_URL goes through a transaction pooler
   * (PgBouncer in transaction mode): LISTEN, advisory locks and migrations use it (docs/architecture.md §4).
   */
  DATABASE_DIRECT_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_DIRECT_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: optionalUrl,
  /**
   * Where files live (docs/decisions/0052-files-on-s3.md): `disk` (DATA_DIR/files) or `s3`, an
   * S3-compatible bucket every instance shares (the S3_* settings).
   */
  FILE_STORE: z.enum(["disk", "s3"]).default("disk"),
  /** The S3 API's address (MinIO, R2, B2, Ceph); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** `true`: the bucket in the URL's path (MinIO, Ceph); `false`: in the host name (AWS, R2). */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], "Expected true or false")
    .default("false")
    .transform((v) => v === "true"),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
  ),
  /** The support mailbox to read (mail in): imap://user@host:143/INBOX or imaps://user@host:993/INBOX. */
  IMAP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^imaps?:\/\//, "IMAP_URL must start with imap:// or imaps://")
      .optional(),
  ),
  IMAP_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** An OAuth2 access token for XOAUTH2 (Microsoft 365, Google), instead of IMAP_PASSWORD. */
  IMAP_ACCESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  /**
   * OAuth2 for the mailbox, the token fetched and refreshed by the server (mail/inbound/oauth-token.ts):
   * the token endpoint, the app's id and secret, and a refresh token (Google, delegated Microsoft 365) or
   * none (client credentials: Microsoft 365 app-only access). Instead of IMAP_PASSWORD and IMAP_ACCESS_TOKEN.
   */
  IMAP_OAUTH_TOKEN_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        message:
          "IMAP_OAUTH_TOKEN_URL must be a URL, e.g. https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token",
      })
      .refine((v) => {
        const url = parseUrl(v);
        const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url?.hostname ?? "");
        return !url || url.protocol === "https:" || (url.protocol === "http:" && loopback);
      }, "IMAP_OAUTH_TOKEN_URL must use https:// (http:// only on this machine): the client secret goes to it")
      .refine((v) => {
        const url = parseUrl(v);
        return !url?.username && !url?.password;
      }, "IMAP_OAUTH_TOKEN_URL must not contain a user or password; set IMAP_OAUTH_CLIENT_ID and IMAP_OAUTH_CLIENT_SECRET")
      .optional(),
  ),
  IMAP_OAUTH_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  IMAP_OAUTH_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  IMAP_OAUTH_REFRESH_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** e.g. https://outlook.office365.com/.default (Microsoft 365 client credentials) */
  IMAP_OAUTH_SCOPE: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** The folder ingested mails are moved to. */
  IMAP_DONE_MAILBOX: z.string().min(1).default("Processed"),
  /** Where the poller moves a mail it cannot read or store (quarantine.ts). */
  IMAP_QUARANTINE_MAILBOX: z.string().min(1).default("Quarantine"),
  IMAP_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** The shared secret of POST /api/mail/inbound (a mail provider's inbound webhook); unset: no webhook. */
  MAIL_INBOUND_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(24, "MAIL_INBOUND_SECRET must be at least 24 characters").optional(),
  ),
  /**
   * The mailbox provider's authserv-id (docs/architecture.md §11a): its topmost Authentication-Results
   * header with this id is believed for DKIM; unset, mail-in verifies signatures itself only.
   */
  MAIL_IN_AUTHSERV_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[^\s;]+$/, "MAIL_IN_AUTHSERV_ID must be one word")
      .optional(),
  ),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  /**
   * Single sign-on (docs/architecture.md §6a): a provider is on when its client id and secret are set.
   * The issuer overrides exist for tests and for clouds other than the public one.
   */
  SSO_MICROSOFT_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  SSO_MICROSOFT_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** organizations (any work or school account), a tenant id, or a tenant's domain. */
  SSO_MICROSOFT_TENANT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, "SSO_MICROSOFT_TENANT must be a tenant id, a domain or organizations")
      .default("organizations"),
  ),
  SSO_MICROSOFT_ISSUER: optionalUrl,
  SSO_GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  SSO_GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  SSO_GOOGLE_ISSUER: optionalUrl,
  /** How much the server logs (docs/architecture.md §16): fatal, error, warn, info (the default), debug, trace or silent. */
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /**
   * Where webhook deliveries run (docs/decisions/0060): `process`, a child process of the server at a
   * lower CPU priority (PostgreSQL only; PGlite always runs them inline), or `inline`, in the server's
   * own event loop.
   */
  WEBHOOK_DELIVERIES: z.preprocess(emptyAsUndefined, z.enum(["process", "inline"]).default("process")),
  /** Enables GET /metrics (Prometheus) for `Authorization: Bearer <METRICS_TOKEN>`; unset: no /metrics. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(24, "METRICS_TOKEN must be at least 24 characters").optional(),
  ),
  /** Where the built web app lives; defaults to packages/web/dist next to this package. */
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  /**
   * How many proxies in front of the server append to X-Forwarded-For (a load balancer: 1; a CDN in
   * front of it: 2). The client address is the one the outermost of them added; whatever the client
   * wrote further left is ignored. `true` means 1, `false` (the default) means none: the socket's address.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "Expected true, false or a number of proxies")
    .default("false")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
});

export const configSchema = settings.superRefine((config, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  // Single sign-on's callback address falls back to the request's Host header, which a caller chooses;
  // in production it must be the configured address (docs/architecture.md §6a).
  const ssoSetUp =
    (config.SSO_MICROSOFT_CLIENT_ID && config.SSO_MICROSOFT_CLIENT_SECRET) ||
    (config.SSO_GOOGLE_CLIENT_ID && config.SSO_GOOGLE_CLIENT_SECRET);
  if (config.NODE_ENV === "production" && ssoSetUp && !config.PUBLIC_URL)
    issue(
      "PUBLIC_URL",
      "PUBLIC_URL is required in production when single sign-on is set up: the sign-in callback " +
        "address must not come from the request's Host header",
    );
  if (config.DATABASE_DIRECT_URL && !config.DATABASE_URL)
    issue("DATABASE_DIRECT_URL", "DATABASE_DIRECT_URL goes with DATABASE_URL (the pooled connection)");
  // The bucket and its credentials with FILE_STORE=s3, and no S3 setting silently ignored without it.
  const s3Settings = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  if (config.FILE_STORE === "s3") {
    for (const key of s3Settings) if (!config[key]) issue(key, `FILE_STORE=s3 needs ${key}`);
  } else {
    for (const key of [...s3Settings, "S3_ENDPOINT"] as const) {
      if (config[key]) issue(key, `${key} needs FILE_STORE=s3`);
    }
  }
  // One way to log in to the mailbox, and an OAuth2 setting never silently ignored.
  if (config.IMAP_OAUTH_TOKEN_URL) {
    if (!config.IMAP_OAUTH_CLIENT_ID) issue("IMAP_OAUTH_CLIENT_ID", "IMAP_OAUTH_TOKEN_URL needs IMAP_OAUTH_CLIENT_ID");
    if (!config.IMAP_OAUTH_CLIENT_SECRET)
      issue("IMAP_OAUTH_CLIENT_SECRET", "IMAP_OAUTH_TOKEN_URL needs IMAP_OAUTH_CLIENT_SECRET");
    if (config.IMAP_PASSWORD) issue("IMAP_PASSWORD", "Set IMAP_PASSWORD or IMAP_OAUTH_TOKEN_URL, not both");
    if (config.IMAP_ACCESS_TOKEN) issue("IMAP_ACCESS_TOKEN", "Set IMAP_ACCESS_TOKEN or IMAP_OAUTH_TOKEN_URL, not both");
    if (config.IMAP_URL && /^imaps?:\/\/[^/@]*:[^/@]*@/.test(config.IMAP_URL))
      issue("IMAP_URL", "IMAP_URL must not contain a password when IMAP_OAUTH_TOKEN_URL is set");
  } else {
    for (const key of [
      "IMAP_OAUTH_CLIENT_ID",
      "IMAP_OAUTH_CLIENT_SECRET",
      "IMAP_OAUTH_REFRESH_TOKEN",
      "IMAP_OAUTH_SCOPE",
    ] as const) {
      if (config[key]) issue(key, `${key} needs IMAP_OAUTH_TOKEN_URL`);
    }
  }
});

export type Config = z.infer<typeof configSchema>;

/**
 * The address people reach this server at, without a trailing slash: PUBLIC_URL when set (behind a
 * proxy the request's own address is the proxy's view), else the origin the request came to. For the
 * addresses the server writes into what it hands out: a script, a sign-in callback, a feed.
 */
export function publicOrigin(config: Pick<Config, "PUBLIC_URL">, requestUrl: string): string {
  return (config.PUBLIC_URL ?? new URL(requestUrl).origin).replace(/\/+$/, "");
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** A config for tests and embedding: defaults plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...configSchema.parse({ NODE_ENV: "test" }), ...overrides };
}
