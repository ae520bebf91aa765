// What a new password must be beyond its length (ASVS 5.0 §6.2): not one of the passwords that breaches
// have made common. The list is zxcvbn-ts's (49,000 passwords from breach corpora), shipped with the app,
// so the check needs no outside service. It runs where a person chooses a password: a reset and My
// account. The spec's register call keeps its exact rules.
import { dictionary } from "@zxcvbn-ts/language-common";
import { ACCOUNT_MESSAGES } from "@repo/validators";
import { InvalidError } from "../errors.js";

let breached: Set<string> | undefined;

/** Whether the password, ignoring case, is on the list of breached passwords. */
export function isBreachedPassword(password: string): boolean {
  breached ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return breached.has(password.toLowerCase());
}

export function assertUsablePassword(password: string): void {
  if (isBreachedPassword(password)) throw new InvalidError(ACCOUNT_MESSAGES.breached);
}
