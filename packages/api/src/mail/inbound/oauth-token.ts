// The IMAP poller's OAuth2 access token, fetched from the provider's token endpoint and kept until shortly
// before it expires (docs/architecture.md §11a). Microsoft 365 and Google tokens live about an hour, so a
// token set once in the environment would stop working; the poller asks this for one every round instead.
// Client authentication is client_secret_post (client_id and client_secret in the form body): both
// Microsoft's and Google's token endpoints accept it. No secret, token or response body ever goes into an
// error message, since the poller logs those.

export interface OAuthTokenSettings {
  /** The token endpoint, e.g. https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Set: grant_type=refresh_token (Google, delegated Microsoft 365). Unset: client_credentials (app-only). */
  refreshToken?: string;
  /** e.g. https://outlook.office365.com/.default */
  scope?: string;
}

export interface AccessTokenSource {
  /** A cached token while it has more than a minute left; `fresh` forgets it and asks the endpoint again. */
  get(options?: { fresh?: boolean }): Promise<string>;
}

/** A token endpoint that refused or could not be reached; the message names no secret. */
export class OAuthTokenError extends Error {
  override name = "OAuthTokenError";
}

/** A token this close to its expiry is not used any more: the round it starts may take a while. */
export const EXPIRY_MARGIN_MS = 60_000;

export function oauthTokenSource(settings: OAuthTokenSettings, now: () => number = Date.now): AccessTokenSource {
  // Rotation: a refresh token the endpoint sends back replaces the configured one, in memory only.
  let refreshToken = settings.refreshToken;
  let cached: { token: string; expiresAt: number } | null = null;
  // Two callers at once (a retry racing a round) share one request.
  let pending: Promise<string> | null = null;
  const where = endpointName(settings.tokenUrl);

  const request = async (): Promise<string> => {
    const form = new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret });
    if (refreshToken) {
      form.set("grant_type", "refresh_token");
      form.set("refresh_token", refreshToken);
    } else {
      form.set("grant_type", "client_credentials");
    }
    if (settings.scope) form.set("scope", settings.scope);
    const grant = form.get("grant_type");
    const asked = now();
    let response: Response;
    try {
      response = await fetch(settings.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new OAuthTokenError(`OAuth2 token endpoint ${where} unreachable (${grant}): ${cause}`);
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || typeof body?.access_token !== "string") {
      // error and error_description are the endpoint's own words (RFC 6749 §5.2); they carry no secret.
      const reason = [body?.error, body?.error_description].filter((v) => typeof v === "string").join(": ");
      throw new OAuthTokenError(
        `OAuth2 token endpoint ${where} refused ${grant} with HTTP ${response.status}${reason ? ` (${reason.slice(0, 300)})` : ""}`,
      );
    }
    if (typeof body.refresh_token === "string" && body.refresh_token) refreshToken = body.refresh_token;
    const lifetime = Number(body.expires_in);
    // Without expires_in the token is used for this round only, never trusted for longer.
    cached = { token: body.access_token, expiresAt: Number.isFinite(lifetime) ? asked + lifetime * 1000 : asked };
    return body.access_token;
  };

  return {
    get({ fresh = false } = {}) {
      if (fresh) cached = null;
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now()) return Promise.resolve(cached.token);
      pending ??= request().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

/** The endpoint as it may be logged: no user info, no query. */
function endpointName(tokenUrl: string): string {
  const url = new URL(tokenUrl);
  return `${url.origin}${url.pathname}`;
}
