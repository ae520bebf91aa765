// Hostile MIME for the mail-in fuzz (server/fuzz.test.ts): what an attacker or a broken mailer sends to
// the support address. Each is a mail the doors must take or quarantine; none may crash one.
import { randomBytes } from "node:crypto";
import { bogusCharsetMail, hugeHeaderMail, nestedMultipart, nulMail } from "./mails.js";

export interface HostileMime {
  name: string;
  raw: Buffer;
  /** How the webhook receives it; message/rfc822 unless given. */
  contentType?: string;
}

let counter = 0;
/** A new sender of the client company's domain each time, so that no mail meets the hourly limit. */
const sender = () => `fuzz-${++counter}@acme.test`;

/** A mail of the given header lines and body, with a fresh Message-ID unless the lines bring one. */
function mail(lines: string[], body: string | Buffer, encoding: BufferEncoding = "latin1"): Buffer {
  counter += 1;
  const hasId = lines.some((l) => /^message-id:/i.test(l));
  const head = [
    ...(lines.some((l) => /^from:/i.test(l)) ? [] : [`From: ${sender()}`]),
    "To: support@northwind.test",
    ...(hasId ? [] : [`Message-ID: <fuzz-${Date.now()}-${counter}@acme.test>`]),
    ...lines,
  ].join("\r\n");
  return Buffer.concat([
    Buffer.from(`${head}\r\n\r\n`, encoding),
    Buffer.isBuffer(body) ? body : Buffer.from(body, encoding),
  ]);
}

const text = (subject: string, extra: string[] = []) => [`Subject: ${subject}`, "MIME-Version: 1.0", ...extra];

export function hostileMimeMessages(): HostileMime[] {
  const all: HostileMime[] = [
    { name: "2,000 nested multipart/mixed", raw: nestedMultipart(sender()) },
    { name: "999 nested multipart/mixed", raw: nestedMultipart(sender(), 999) },
    { name: "NUL in headers and body", raw: nulMail(sender()) },
    { name: "bogus charset", raw: bogusCharsetMail(sender()) },
    { name: "2 MB header", raw: hugeHeaderMail(sender()) },
    { name: "300 KB header", raw: hugeHeaderMail(sender(), 300 * 1024) },
    {
      name: "50,000 header lines",
      raw: mail([...text("Many headers"), ...Array.from({ length: 50_000 }, (_, i) => `X-H${i}: v`)], "Hello"),
    },
    {
      name: "5,000 recipients",
      raw: mail(
        [...text("To everyone"), `Cc: ${Array.from({ length: 5_000 }, (_, i) => `user${i}@example.test`).join(", ")}`],
        "Hello all",
      ),
    },
    {
      name: "broken base64",
      raw: mail(
        [...text("Broken base64", ["Content-Type: text/plain", "Content-Transfer-Encoding: base64"])],
        "!!!not*base64$$$\r\n===\r\n",
      ),
    },
    {
      name: "broken quoted-printable",
      raw: mail(
        [...text("Broken QP", ["Content-Type: text/plain", "Content-Transfer-Encoding: quoted-printable"])],
        "=ZZ=0=\r\n=00=FF=\r\n",
      ),
    },
    {
      name: "multipart without a boundary",
      raw: mail(
        [...text("No boundary", ["Content-Type: multipart/mixed"])],
        "--x\r\nContent-Type: text/plain\r\n\r\nhi\r\n",
      ),
    },
    {
      name: "boundary never closed",
      raw: mail(
        [...text("Unclosed", ['Content-Type: multipart/mixed; boundary="b"'])],
        "--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n--b\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0",
      ),
    },
    {
      name: "attachment names with NUL, a path and 10,000 characters",
      raw: mail(
        [...text("Odd names", ['Content-Type: multipart/mixed; boundary="b"'])],
        [
          "--b",
          "Content-Type: text/plain",
          "",
          "see files",
          "--b",
          'Content-Type: text/plain; name="a\u0000b.txt"',
          'Content-Disposition: attachment; filename="../../etc/pa\u0000sswd"',
          "",
          "root:x:0:0",
          "--b",
          `Content-Disposition: attachment; filename="${"n".repeat(10_000)}.txt"`,
          "",
          "long",
          "--b--",
          "",
        ].join("\r\n"),
      ),
    },
    {
      name: "invalid UTF-8 in headers",
      raw: mail(
        [
          `From: "\xff\xfe\xc0\x80" <${sender()}>`,
          "Subject: \xed\xa0\x80 lone surrogate \xff",
          "Content-Type: text/plain; charset=utf-8",
        ],
        "Body \xed\xa0\x80 \xc0\xaf \x00 end",
      ),
    },
    {
      name: "encoded words that decode to NUL and lone surrogates",
      raw: mail(
        ["Subject: =?utf-16be?B?2AA=?= =?utf-8?Q?a=00b?= =?utf-8?B?////?=", `From: =?utf-8?Q?Na=00me?= <${sender()}>`],
        "x",
      ),
    },
    { name: "Message-ID with NUL", raw: mail([...text("Odd id"), "Message-ID: <a\u0000b@acme.test>"], "x") },
    {
      name: "Message-ID of 100,000 characters",
      raw: mail([...text("Long id"), `Message-ID: <${"i".repeat(100_000)}@x>`], "x"),
    },
    {
      name: "From address of 100,000 characters",
      raw: mail([...text("Long sender"), `From: <${randomBytes(50_000).toString("hex")}@acme.test>`], "x"),
    },
    { name: "garbage Content-Type", raw: mail([...text("Garbage type", ["Content-Type: ;;;==\u0000/\u0000"])], "x") },
    { name: "garbage Date", raw: mail([...text("Garbage date"), "Date: 99/99/99999 99:99"], "x") },
    { name: "no body, one header", raw: Buffer.from("X: y") },
    { name: "no From", raw: Buffer.from(`Subject: nobody\r\nMessage-ID: <nofrom-${Date.now()}@x>\r\n\r\nhello`) },
    {
      name: "HTML only, 5,000 nested elements",
      raw: mail(
        [...text("Deep HTML", ["Content-Type: text/html; charset=utf-8"])],
        `${"<div>".repeat(5_000)}deep${"</div>".repeat(5_000)}`,
      ),
    },
    {
      name: "1,500 sibling parts",
      raw: mail(
        [...text("Many parts", ['Content-Type: multipart/mixed; boundary="b"'])],
        `${Array.from({ length: 1_500 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join("")}--b--\r\n`,
      ),
    },
    {
      name: "message/rfc822 inside message/rfc822, 200 deep",
      raw: mail(
        [...text("Forwarded", ["Content-Type: message/rfc822", "Content-Disposition: inline"])],
        `${"Content-Type: message/rfc822\r\nContent-Disposition: inline\r\n\r\n".repeat(200)}Subject: inner\r\n\r\ninner`,
      ),
    },
    { name: "only a NUL after the header", raw: mail(text("Only NUL"), "\u0000\u0000\u0000") },
  ];
  for (const charset of ["utf-16", "utf-32", "utf-7", "../../x", "", "base64", "x-\u0000"]) {
    all.push({
      name: `charset "${charset}"`,
      raw: mail(
        [
          `Subject: =?${charset}?B?AABhYgBjZA==?=`,
          "MIME-Version: 1.0",
          `Content-Type: text/plain; charset="${charset}"`,
          "Content-Transfer-Encoding: base64",
        ],
        "AABhYgBj2ADcAGQ=\r\n",
      ),
    });
  }
  // The same mails as providers post them: as a form field and as plain text.
  const form = (field: string, raw: Buffer): HostileMime => {
    const boundary = "fuzzform";
    return {
      name: `form field ${field}`,
      contentType: `multipart/form-data; boundary=${boundary}`,
      raw: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`),
        raw,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  };
  all.push(form("email", nestedMultipart(sender())), form("body-mime", nulMail(sender())));
  all.push({
    name: "form that is no form",
    contentType: "multipart/form-data; boundary=x",
    raw: Buffer.from("garbage"),
  });
  all.push({ name: "NUL as the whole body", raw: Buffer.from("\u0000") });
  all.push({ name: "empty body", raw: Buffer.alloc(0) });
  return all;
}
