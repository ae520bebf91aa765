// Whether a mail's From address is its sender's (docs/decisions/0027-held-intake.md). Anyone can write
// any From; only a signature of the From domain shows the mail left that domain's servers. A mail counts
// as authenticated when
//   - it carries a valid DKIM signature aligned with its From domain (mailauth verifies it, asking DNS for
//     the signer's key), or
//   - MAIL_IN_AUTHSERV_ID names our mailbox provider and the topmost Authentication-Results header with
//     that authserv-id says dkim=pass for a domain aligned with From. Only the provider's own header counts:
//     a sender can write any Authentication-Results of its own, but not above the one the provider adds
//     on receipt, which is why the topmost one with that id is read and none below it.
// SPF is not used: a mail fetched by IMAP or posted by a webhook does not carry the address of the server
// that handed it over, which is what SPF checks.
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import type { DNSResolver } from "mailauth";
import type { InboundMessage } from "./parse.js";

export type { DNSResolver };

export interface SenderAuthOptions {
  /** The mailbox provider's authserv-id (MAIL_IN_AUTHSERV_ID), whose Authentication-Results is believed. */
  authservId?: string;
  /** Where DKIM keys are looked up; DNS by default (tests serve their own key). */
  resolver?: DNSResolver;
}

export type SenderAuth = { authenticated: true; by: "dkim" | "authentication-results" } | { authenticated: false };

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/**
 * Relaxed alignment (RFC 7489): the signing domain is the From domain or a parent of it. A signer's key is
 * published under its own domain, so a signature by a parent domain is that organisation's.
 */
export const aligned = (signingDomain: string, fromDomain: string) => {
  const d = signingDomain.toLowerCase().replace(/\.$/, "");
  return d.includes(".") && (fromDomain === d || fromDomain.endsWith(`.${d}`));
};

export async function senderAuthentication(mail: InboundMessage, options: SenderAuthOptions): Promise<SenderAuth> {
  const from = mail.from.address;
  if (!from.includes("@")) return { authenticated: false };
  const fromDomain = domainOf(from);
  if (options.authservId && providerSaysDkimPass(mail.raw, options.authservId, fromDomain)) {
    return { authenticated: true, by: "authentication-results" };
  }
  if (!/^dkim-signature:/im.test(headerBlock(mail.raw))) return { authenticated: false };
  try {
    const result = await dkimVerify(mail.raw, options.resolver ? { resolver: options.resolver } : {});
    // Two From fields would let a signed one stand beside the one a mail client shows.
    if (result.fromFields !== 1 || result.headerFrom.map((a) => a.toLowerCase()).join() !== from) {
      return { authenticated: false };
    }
    const pass = result.results.some(
      (r) =>
        r.status.result === "pass" &&
        // A signature over only part of the body (l=) would cover a body someone appended to.
        !r.status.underSized &&
        Boolean(r.signingDomain && aligned(r.signingDomain, fromDomain)),
    );
    return pass ? { authenticated: true, by: "dkim" } : { authenticated: false };
  } catch {
    // A signature that cannot be checked (DNS down, a malformed header) authenticates nothing.
    return { authenticated: false };
  }
}

/** The raw header section, up to the first empty line. */
function headerBlock(raw: Buffer): string {
  const text = raw.subarray(0, Math.min(raw.length, 256 * 1024)).toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  return end === -1 ? text : text.slice(0, end);
}

/** The header section's fields, unfolded, in order (topmost first). */
function headerFields(raw: Buffer): { name: string; value: string }[] {
  return headerBlock(raw)
    .split(/\r?\n(?![ \t])/)
    .map((line) => {
      const colon = line.indexOf(":");
      return {
        name: line.slice(0, colon).trim().toLowerCase(),
        value: line.slice(colon + 1).replace(/\r?\n[ \t]+/g, " "),
      };
    })
    .filter((f) => f.name);
}

/** The provider's topmost Authentication-Results says dkim=pass for a domain aligned with From. */
function providerSaysDkimPass(raw: Buffer, authservId: string, fromDomain: string): boolean {
  const ours = headerFields(raw)
    .filter((f) => f.name === "authentication-results")
    .find((f) => f.value.split(";")[0]!.trim().split(/\s+/)[0]!.toLowerCase() === authservId.toLowerCase());
  if (!ours) return false;
  // "id; dkim=pass (comment) header.d=example.com header.s=sel; spf=..." without its (comments).
  const results = ours.value
    .replace(/\([^()]*\)/g, " ")
    .split(";")
    .slice(1);
  return results.some((part) => {
    const words = part.trim().split(/\s+/);
    if (words[0]?.toLowerCase() !== "dkim=pass") return false;
    const props = Object.fromEntries(
      words.slice(1).map((w) => {
        const eq = w.indexOf("=");
        return [w.slice(0, eq).toLowerCase(), w.slice(eq + 1).replace(/^"|"$/g, "")];
      }),
    );
    const d = props["header.d"] ?? (props["header.i"] ? domainOf(props["header.i"]) : "");
    return Boolean(d) && aligned(d, fromDomain);
  });
}
