// Single sign-on with OpenID Connect: "Sign in with Microsoft" (Entra ID) and "Sign in with Google"
// (docs/architecture.md §6a). The authorization code flow with PKCE, state and nonce; openid-client does
// discovery and validates the ID token (signature, issuer, audience, nonce, expiry). This module decides
// who the token names: an active account with that verified email, on the right portal. Nobody signs up
// here: an address without an account is refused.
import * as oidc from "openid-client";
import { and, clients, eq, gt, ssoStates, users, type Database } from "@repo/db";
import type { AccountPortal } from "@repo/validators";
import { type Config, publicOrigin } from "../config.js";
import { ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from "../errors.js";
import { hit, PUBLIC_LIMITS, retryAfterSeconds } from "./rate-limit.js";
import type { Context } from "../context.js";
import { hashSecret } from "./session.js";
import { portalRefusal, requestOrigin, startSession } from "./sign-in.js";
import { recordSignIn, type SignInOutcome } from "./sign-in-log.js";
import { secondFactorStep } from "./sign-in-challenge.js";
import { deleteExpiredRows } from "../lib/expired-rows.js";
import { log as logger } from "../logger.js";

export const SSO_PROVIDERS = { microsoft: "Microsoft", google: "Google" } as const;
export type SsoProviderId = keyof typeof SSO_PROVIDERS;

/** How long a started sign-in may take at the provider. */
export const SSO_STATE_TTL_MS = 10 * 60_000;

interface ProviderSettings {
  id: SsoProviderId;
  label: string;
  issuer: URL;
  clientId: string;
  clientSecret: string;
}

function providerSettings(config: Config, id: SsoProviderId): ProviderSettings | null {
  const settings =
    id === "microsoft"
      ? {
          clientId: config.SSO_MICROSOFT_CLIENT_ID,
          clientSecret: config.SSO_MICROSOFT_CLIENT_SECRET,
          issuer:
            config.SSO_MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${config.SSO_MICROSOFT_TENANT}/v2.0`,
        }
      : {
          clientId: config.SSO_GOOGLE_CLIENT_ID,
          clientSecret: config.SSO_GOOGLE_CLIENT_SECRET,
          issuer: config.SSO_GOOGLE_ISSUER ?? "https://accounts.google.com",
        };
  if (!settings.clientId || !settings.clientSecret) return null;
  return {
    id,
    label: SSO_PROVIDERS[id],
    issuer: new URL(settings.issuer),
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
  };
}

export const isSsoProvider = (id: string): id is SsoProviderId => Object.hasOwn(SSO_PROVIDERS, id);

/** The providers whose client id and secret are set, for the sign-in pages' buttons. */
export function enabledSsoProviders(config: Config): { id: SsoProviderId; label: string }[] {
  return (Object.keys(SSO_PROVIDERS) as SsoProviderId[])
    .map((id) => providerSettings(config, id))
    .filter((p): p is ProviderSettings => p !== null)
    .map(({ id, label }) => ({ id, label }));
}

function enabledProvider(config: Config, id: string): ProviderSettings {
  const settings = isSsoProvider(id) ? providerSettings(config, id) : null;
  if (!settings) throw new NotFoundError("This sign-in provider is not set up");
  return settings;
}

// One discovery per issuer and client, kept for the process; a failed one is retried next time.
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerConfiguration(settings: ProviderSettings, config: Config): Promise<oidc.Configuration> {
  const key = `${settings.issuer.href} ${settings.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    // Plain http only for a provider on this machine outside production: the tests' local provider.
    const insecure = settings.issuer.protocol === "http:" && config.NODE_ENV !== "production";
    found = oidc.discovery(
      settings.issuer,
      settings.clientId,
      settings.clientSecret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

/** The callback address registered at the provider: PUBLIC_URL when set, else the request's origin. */
export function ssoRedirectUri(config: Config, requestUrl: string, provider: string): string {
  return new URL(`/api/auth/sso/${provider}/callback`, publicOrigin(config, requestUrl)).href;
}

/**
 * Starts a sign-in: the provider's authorization URL, and the secret for the browser's binding cookie.
 * The state row keeps the PKCE verifier and the nonce server-side; the browser holds only the cookie.
 */
export async function startSso(
  db: Database,
  config: Config,
  input: { provider: string; portal: AccountPortal; redirectUri: string; ip: string },
): Promise<{ url: string; browserSecret: string }> {
  const settings = enabledProvider(config, input.provider);
  const started = await hit(db, `sso:start:${input.ip}`, PUBLIC_LIMITS.ssoStart);
  if (started.count > PUBLIC_LIMITS.ssoStart.max) {
    throw new TooManyRequestsError(SSO_MESSAGES.tooMany, retryAfterSeconds(started));
  }
  const configuration = await providerConfiguration(settings, config);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const browserSecret = oidc.randomState();
  await db.insert(ssoStates).values({
    id: hashSecret(state),
    browserHash: hashSecret(browserSecret),
    provider: settings.id,
    portal: input.portal,
    codeVerifier,
    nonce,
    expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, browserSecret };
}

const truthy = (value: unknown) => value === true || value === "true" || value === 1 || value === "1";

/**
 * The address the provider vouches for, or null. Google sets `email_verified`. Entra ID usually does
 * not, and its `email` claim is whatever a tenant's admin typed, so on its own it proves nothing (a
 * tenant could claim anyone's address: the "nOAuth" weakness). We accept a Microsoft address only when
 * the token says it is verified: `email_verified`, or `xms_edov` (the address's domain is verified by
 * the tenant that owns it; an optional claim the app registration must request, with `email`).
 * `preferred_username` is never used: Microsoft documents it as display-only and mutable.
 */
export function verifiedEmail(provider: SsoProviderId, claims: Record<string, unknown>): string | null {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email.includes("@")) return null;
  if (claims.email_verified === true) return email;
  if (provider === "microsoft" && truthy(claims.xms_edov)) return email;
  return null;
}

export const SSO_MESSAGES = {
  expired: "This sign-in has expired or was already used. Please start again.",
  failed: "The sign-in with your provider did not complete. Please try again.",
  unverified: (label: string) =>
    `Your ${label} account did not confirm a verified email address, so it cannot sign you in here.`,
  unknown: (email: string) => `No account here uses ${email}. Ask your administrator to add you, then sign in again.`,
  inactive: "This account is deactivated. Ask your administrator.",
  tooMany: "Too many sign-ins were started from this address. Please wait a few minutes and try again.",
} as const;

/** The portal a sign-in started from, read back from its cookie: `<portal>.<secret>`. */
export function parseSsoCookie(value: string | undefined): { portal: AccountPortal; secret: string } | null {
  const match = value?.match(/^(client|staff)\.([A-Za-z0-9_-]{20,})$/);
  return match ? { portal: match[1] as AccountPortal, secret: match[2]! } : null;
}

/**
 * Finishes a sign-in at the callback. The state is spent first, in one DELETE, so it works once; it
 * must belong to this browser (the cookie) and this provider. Then openid-client exchanges the code and
 * validates the ID token, and the verified address must name an active account of this portal. SSO is
 * the whole sign-in when the provider says it ran multi-factor authentication; otherwise our own second
 * factor follows as after a password (ASVS 5.0 6.8.4): a challenge instead of a session.
 */
export async function finishSso(
  ctx: Pick<Context, "db" | "headers" | "ip" | "resHeaders" | "config">,
  input: { provider: string; callbackUrl: URL; browserSecret: string | null },
) {
  const settings = enabledProvider(ctx.config, input.provider);
  const state = input.callbackUrl.searchParams.get("state");
  const [flow] = state
    ? await ctx.db
        .delete(ssoStates)
        .where(and(eq(ssoStates.id, hashSecret(state)), gt(ssoStates.expiresAt, new Date())))
        .returning()
    : [];
  if (
    !state ||
    !flow ||
    !input.browserSecret ||
    flow.browserHash !== hashSecret(input.browserSecret) ||
    flow.provider !== settings.id
  ) {
    throw new UnauthorizedError(SSO_MESSAGES.expired);
  }
  const portal = flow.portal as AccountPortal;

  let claims: Record<string, unknown>;
  try {
    const configuration = await providerConfiguration(settings, ctx.config);
    const tokens = await oidc.authorizationCodeGrant(configuration, input.callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
  } catch (error) {
    // The reason without the response: never a token in the log.
    // openid-client's message is general; its cause names the check that failed (never a value).
    const { code, cause } = error as { code?: string; cause?: unknown };
    const detail = cause instanceof Error ? ` (${cause.message})` : "";
    const reason = error instanceof Error ? `${code ?? error.name}: ${error.message}${detail}` : "";
    logger.warn({ provider: settings.id, reason }, "single sign-on refused");
    throw new UnauthorizedError(SSO_MESSAGES.failed);
  }

  const email = verifiedEmail(settings.id, claims);
  if (!email) throw new UnauthorizedError(SSO_MESSAGES.unverified(settings.label));
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const log = (outcome: SignInOutcome) =>
    recordSignIn(ctx.db, { ...requestOrigin(ctx), userId: user?.id ?? null, email, method: "sso", outcome });
  if (!user) {
    await log("failure");
    throw new UnauthorizedError(SSO_MESSAGES.unknown(email));
  }
  if (!user.active) {
    await log("refused");
    throw new UnauthorizedError(SSO_MESSAGES.inactive);
  }
  const refusal = portalRefusal(user.role, portal);
  if (refusal) {
    await log("refused");
    throw new ForbiddenError(refusal);
  }
  if (!providerRanMfa(claims)) {
    const secondStep = await secondFactorStep(ctx.db, user);
    if (secondStep) return { portal, ...secondStep };
  }
  await log("success");
  return { portal, ...(await startSession(ctx, user)) };
}

/**
 * Whether the ID token says the provider authenticated with several factors: `amr` holds "mfa" (RFC 8176;
 * Entra ID sends ["pwd", "mfa"]). Google sends no `amr`, so its sign-ins are followed by our own factor
 * whenever the person has one or the policy requires one.
 */
export function providerRanMfa(claims: Record<string, unknown>): boolean {
  return Array.isArray(claims.amr) && claims.amr.includes("mfa");
}

/** The company of a client user when it requires single sign-on, for the password sign-in's refusal. */
export async function ssoRequiredCompany(db: Database, clientId: string | null): Promise<string | null> {
  if (!clientId) return null;
  const [company] = await db
    .select({ name: clients.name })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.ssoRequired, true)));
  return company?.name ?? null;
}

export const ssoRequiredMessage = (company: string) =>
  `${company} signs in with single sign-on. Use Sign in with Microsoft or Google.`;

/** Drops sign-ins never finished within their 10 minutes (the housekeeping timer). */
export const deleteExpiredSsoStates = (db: Database, now = new Date()) =>
  deleteExpiredRows(db, ssoStates, ssoStates.expiresAt, now);
