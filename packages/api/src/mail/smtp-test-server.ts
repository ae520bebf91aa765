// For tests: a real SMTP server on loopback (the smtp-server package) that keeps what it receives, and can
// be stopped (connections refused) and started again on the same port to act out an outage.
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface ReceivedMail {
  /** Envelope recipients. */
  rcptTo: string[];
  /** Header names in lower case; folded lines joined. */
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  /** The text/plain part, decoded. */
  text: string;
  raw: string;
}

export interface SmtpTestServer {
  readonly port: number;
  /** smtp://user:pass@127.0.0.1:port */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Stops listening: new connections are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startSmtpTestServer(
  options: { user?: string; pass?: string; secure?: boolean } = {},
): Promise<SmtpTestServer> {
  const user = options.user ?? "mailer";
  const pass = options.pass ?? "s3cret";
  const received: ReceivedMail[] = [];
  const config: SMTPServerOptions = {
    secure: options.secure ?? false,
    // Plain smtp:// on loopback: no STARTTLS offer (its self-signed certificate would be refused).
    disabledCommands: options.secure ? [] : ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    // No reverse DNS of 127.0.0.1 per connection (slow, and nothing to learn here).
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(
          parseMail(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  };
  let server = new SMTPServer(config);
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const scheme = options.secure ? "smtps" : "smtp";
  return {
    get port() {
      return port;
    },
    get url() {
      return `${scheme}://${user}:${pass}@127.0.0.1:${port}${options.secure ? "?tls.rejectUnauthorized=false" : ""}`;
    },
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = new SMTPServer(config);
      await listen();
    },
  };
}

function parseMail(raw: string, rcptTo: string[]): ReceivedMail {
  const headers = parseHeaders(raw);
  return {
    rcptTo,
    headers,
    subject: headers["subject"] ?? "",
    messageId: headers["message-id"] ?? "",
    text: textPart(raw),
    raw,
  };
}

function parseHeaders(block: string): Record<string, string> {
  const head = block.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The text/plain part of a (multipart/alternative) message, transfer-decoded. */
function textPart(raw: string): string {
  const boundary = /boundary="?([^";\s]+)"?/i.exec(parseHeaders(raw)["content-type"] ?? "")?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1) : [raw];
  for (const part of parts) {
    const headers = parseHeaders(part.replace(/^\r?\n/, ""));
    if (!/text\/plain/i.test(headers["content-type"] ?? "")) continue;
    const body = part
      .replace(/^\r?\n/, "")
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("\n\n");
    const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
    if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
    if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
    return body;
  }
  return "";
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
