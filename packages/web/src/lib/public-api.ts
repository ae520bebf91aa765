// The public pages' calls to the REST paths of docs/product-spec.md §7 (POST /api/contact, GET /api/admin/clients,
// POST /api/tickets without a session). Plain fetch rather than the tRPC client: the spec defines these
// calls by HTTP path and their failures by HTTP status and body (section 8), and a marketing page should
// not need a session-aware client to send a form.

/** docs/product-spec.md §8: a non-OK response raises an error whose message is "{status}: {body or status text}". */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * The body's text for the error message. Our REST errors are JSON `{ error, code }`: the `error` field is
 * the server's own sentence ("Too many submissions ..."), which reads better in a toast than raw JSON.
 */
export function bodyText(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && typeof (parsed as { error?: unknown }).error === "string") {
      return (parsed as { error: string }).error;
    }
  } catch {
    // Not JSON: the text as it came.
  }
  return text.trim();
}

async function request<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    // Public forms never carry a session: a signed-in staff member's cookie would otherwise turn the
    // public ticket into a staff ticket (POST /api/tickets serves both).
    credentials: "omit",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = bodyText(await response.text().catch(() => ""));
    throw new HttpError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  return (await response.json()) as T;
}

export const getJson = <T>(path: string) => request<T>("GET", path);
export const postJson = <T>(path: string, body: unknown) => request<T>("POST", path, body);

/** The message a failure toast shows: the error's own message, else the spec's generic sentence. */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Something went wrong. Please try again.";
}
