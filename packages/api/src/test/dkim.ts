// DKIM for tests: one RSA key, a resolver that serves its public key for every domain under the selector
// "test" (as a domain's DNS would), and mailauth's own signer. A test server asks this resolver for keys
// (harness.ts), so a mail signed here is authenticated and an unsigned one is not, without any network.
import { generateKeyPairSync } from "node:crypto";
import { dkimSign } from "mailauth/lib/dkim/sign.js";
import type { DNSResolver } from "../mail/inbound/sender-auth.js";

export const TEST_DKIM_SELECTOR = "test";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const publicKeyRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;

/** Answers `test._domainkey.<any domain>` TXT with the test key; everything else does not exist. */
export const testDkimResolver: DNSResolver = async (name, rrtype) => {
  if (rrtype === "TXT" && name.toLowerCase().startsWith(`${TEST_DKIM_SELECTOR}._domainkey.`)) {
    return [[publicKeyRecord]];
  }
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
};

/** The mail with a DKIM-Signature of `domain` (by default its From domain) on top. */
export async function dkimSigned(raw: Buffer, domain?: string): Promise<Buffer> {
  const from = /^from:.*?@([^>\s]+)/im.exec(raw.toString("latin1"))?.[1];
  const signingDomain = (domain ?? from ?? "invalid.test").toLowerCase();
  const key = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const signer = { signingDomain, selector: TEST_DKIM_SELECTOR, privateKey: key };
  // The typings want the one signer's fields; the signer reads `signatureData`.
  const result = await dkimSign(raw, { ...signer, signatureData: [signer] } as Parameters<typeof dkimSign>[1]);
  if (result.errors.length) throw new Error(`DKIM signing failed: ${String(result.errors[0]?.err)}`);
  return Buffer.concat([Buffer.from(result.signatures), raw]);
}
