// What a new password must be beyond its length (ASVS 5.0 §6.2): not one of the passwords that breaches
// have made common. The list is zxcvbn-ts's (49,000 passwords from breach corpora), shipped with the app,
// so the check needs no outside service. It runs where a person chooses a password: a reset and My
// account. The spec's register call keeps its exact rules.
import { site } from "@repo/content";
import { dictionary } from "@zxcvbn-ts/language-common";
import { ACCOUNT_MESSAGES } from "@repo/validators";
import { InvalidError } from "../errors.js";

let breached: Set<string> | undefined;

/** Whether the password, ignoring case, is on the list of breached passwords. */
export function isBreachedPassword(password: string): boolean {
  breached ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return breached.has(password.toLowerCase());
}

/**
 * Words an attacker tries first against this site (ASVS 5.0 6.2.11): the service's own name and the
 * person's address. Only words of 4 letters or more, so that short names cannot rule out good passwords.
 */
export function contextWords(person: { email: string }): string[] {
  const words = [...site.name.toLowerCase().split(/[^a-z0-9]+/), person.email.toLowerCase().split("@")[0] ?? ""];
  return [...new Set(words)].filter((word) => word.length >= 4);
}

/** Refuses a breached password, and one that holds the service's name or the person's address. */
export function assertUsablePassword(password: string, person: { email: string }): void {
  if (isBreachedPassword(password)) throw new InvalidError(ACCOUNT_MESSAGES.breached);
  const lower = password.toLowerCase();
  if (contextWords(person).some((word) => lower.includes(word))) throw new InvalidError(ACCOUNT_MESSAGES.contextual);
}
