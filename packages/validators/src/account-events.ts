// The account log's entries (docs/architecture.md §6a): the changes to how a person signs in, as stored
// and as an admin reads them in the Users page.
export const ACCOUNT_EVENT_ACTIONS = [
  "password_changed",
  "password_reset",
  "password_set_by_admin",
  "second_factor_on",
  "second_factor_off",
  "second_factor_reset_by_admin",
  "recovery_codes_renewed",
  "passkey_added",
  "passkey_removed",
  "factors_removed_by_admin",
  "invited_by_admin",
  "invitation_accepted",
  "api_key_created",
  "api_key_revoked",
] as const;
export type AccountEventAction = (typeof ACCOUNT_EVENT_ACTIONS)[number];

export const ACCOUNT_EVENT_LABELS: Record<AccountEventAction, string> = {
  password_changed: "Changed their password",
  password_reset: "Reset their password from a mailed link",
  password_set_by_admin: "Password set by an admin",
  second_factor_on: "Turned two-factor sign-in on",
  second_factor_off: "Turned two-factor sign-in off",
  second_factor_reset_by_admin: "Two-factor sign-in reset by an admin",
  recovery_codes_renewed: "Replaced their recovery codes",
  passkey_added: "Added a passkey",
  passkey_removed: "Removed a passkey",
  factors_removed_by_admin: "Passkeys and two-factor sign-in removed by an admin",
  invited_by_admin: "Invitation sent by an admin",
  invitation_accepted: "Accepted the invitation and chose a password",
  api_key_created: "Created an API key",
  api_key_revoked: "Revoked an API key",
};
