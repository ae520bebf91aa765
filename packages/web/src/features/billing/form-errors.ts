// A billing form checks its values with the API's own schema before sending them, and shows each field's
// first message under it ("Price cannot be negative"): the same words the server would answer with.

interface Checked {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/** The first message per field, keyed by its path joined with dots ("lines.0.amountCents"). */
export function fieldErrors(result: Checked): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.map(String).join(".")] ??= issue.message;
  return errors;
}
