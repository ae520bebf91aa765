// A User-Agent header in words a person recognises (their list of sessions, the mail about a new passkey):
// "Chrome on Windows". Only the common browsers and systems are named; anything else is "Unknown browser".

const BROWSERS: [RegExp, string][] = [
  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//, "curl"],
  [/node|undici/i, "A program"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

const nameOf = (table: [RegExp, string][], ua: string) => table.find(([pattern]) => pattern.test(ua))?.[1];

export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return "Unknown browser";
  const browser = nameOf(BROWSERS, ua) ?? "Unknown browser";
  const system = nameOf(SYSTEMS, ua);
  return system ? `${browser} on ${system}` : browser;
}
