// A software authenticator for API tests: a P-256 key of its own that answers the server's WebAuthn
// options as a browser and a security key would, with the flags a test chooses (UP alone, or UP and UV).
// The server verifies its answers with the real library, signatures included (packages/web/e2e drives
// Chromium's virtual authenticator for the whole ceremony in a browser).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export interface SoftAuthenticator {
  /** The credential id, base64url: the passkey's id on the server. */
  id: string;
  /** The browser's answer to registration options. */
  register(options: unknown, origin: string, flags?: { uv?: boolean }): Record<string, unknown>;
  /** The browser's answer to authentication options. */
  assert(options: unknown, origin: string, flags?: { uv?: boolean }): Record<string, unknown>;
}

export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  const id = b64url(credentialId);
  let counter = 0;

  const clientData = (type: string, options: Options, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge: options.challenge, origin, crossOrigin: false }));

  const authData = (rpId: string, flags: number, attested?: Uint8Array) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };

  return {
    id,
    register(raw, origin, { uv = true } = {}) {
      const options = raw as Options;
      const attested = Buffer.concat([
        Buffer.alloc(16), // AAGUID: none
        Buffer.from([0, credentialId.length]),
        credentialId,
        Buffer.from(coseKey(publicKey)),
      ]);
      const data = authData(options.rp!.id!, FLAG_UP | FLAG_AT | (uv ? FLAG_UV : 0), attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(data)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options, origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    assert(raw, origin, { uv = true } = {}) {
      const options = raw as Options;
      const data = authData(options.rpId!, FLAG_UP | (uv ? FLAG_UV : 0));
      const client = clientData("webauthn.get", options, origin);
      const signature = sign("sha256", Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}

/** The public key as COSE_Key (RFC 9052): EC2, ES256, P-256, x and y. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]) as never,
  );
}
