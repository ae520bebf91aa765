import { Anchor, Blockquote, List, Text } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { AnchorLink } from "../../components/router-links";

/**
 * The assistant's replies in the small Markdown they are written in: paragraphs, "- " and "1. " lists,
 * "> " quotes, **bold**, [links](/path) and backslash escapes. Parsed into React elements, never into HTML, so nothing in a
 * reply (a ticket title a client typed, a model's output) can inject markup. Links go only to our own
 * paths (the portal's through the router) or to https addresses, opened in a new tab with rel=noopener;
 * any other link shows as its text. Our own code rather than a Markdown library: the replies use five
 * constructs, and a general parser (react-markdown and its remark/micromark stack) would add tens of kB
 * to the client portal for features we would then have to switch off.
 */
export function ChatMarkdown({ text }: { text: string }) {
  return <>{blocks(text).map((block, i) => renderBlock(block, i))}</>;
}

type Block =
  | { kind: "paragraph"; lines: string[] }
  | { kind: "bullets" | "numbers"; items: string[] }
  | { kind: "quote"; lines: string[] };

const BULLET = /^\s*[-*]\s+/;
const NUMBER = /^\s*\d+[.)]\s+/;
const QUOTE = /^\s*>\s?/;

/**
 * A backslash before punctuation makes it a plain character, as in CommonMark: the assistant escapes what
 * people typed (a ticket title such as `expired](https://evil.example) [x`), so it shows as written. An
 * escaped character is held as a private-use one while the reply is parsed, so no rule sees it, and is
 * given back in the text.
 */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const HELD = /[\uE000-\uE07F]/g;
const hold = (text: string) => text.replace(ESCAPED, (_, c: string) => String.fromCharCode(0xe000 + c.charCodeAt(0)));
const release = (text: string) => text.replace(HELD, (c) => String.fromCharCode(c.charCodeAt(0) - 0xe000));

function blocks(text: string): Block[] {
  const out: Block[] = [];
  for (const line of hold(text.replace(/\r\n/g, "\n")).split("\n")) {
    const last = out.at(-1);
    if (!line.trim()) {
      out.push({ kind: "paragraph", lines: [] });
    } else if (BULLET.test(line) || NUMBER.test(line)) {
      const kind = BULLET.test(line) ? "bullets" : "numbers";
      const item = line.replace(kind === "bullets" ? BULLET : NUMBER, "");
      if (last?.kind === kind) last.items.push(item);
      else out.push({ kind, items: [item] });
    } else if (QUOTE.test(line)) {
      const content = line.replace(QUOTE, "");
      if (last?.kind === "quote") last.lines.push(content);
      else out.push({ kind: "quote", lines: [content] });
    } else if (last?.kind === "paragraph") {
      last.lines.push(line);
    } else {
      out.push({ kind: "paragraph", lines: [line] });
    }
  }
  return out.filter((b) => ("items" in b ? b.items.length : b.lines.length) > 0);
}

/** A paragraph's or a quote's lines, each break kept. */
function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a message's lines never reorder
    <Fragment key={i}>
      {i > 0 && <br />}
      {inline(line)}
    </Fragment>
  ));
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case "paragraph":
      return (
        <Text key={key} size="sm" mb={6} style={{ overflowWrap: "anywhere" }}>
          <Lines lines={block.lines} />
        </Text>
      );
    case "quote":
      return (
        <Blockquote key={key} p="xs" my={6} fz="sm">
          <Lines lines={block.lines} />
        </Blockquote>
      );
    default:
      return (
        <List key={key} type={block.kind === "numbers" ? "ordered" : "unordered"} size="sm" mb={6} withPadding>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a message's items never reorder
            <List.Item key={i} style={{ overflowWrap: "anywhere" }}>
              {inline(item)}
            </List.Item>
          ))}
        </List>
      );
  }
}

/** **bold** and [text](href) within a line; everything else is text. */
const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(line: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > at) parts.push(release(line.slice(at, match.index)));
    const key = `${match.index}`;
    if (match[1] !== undefined) parts.push(<strong key={key}>{inline(match[1])}</strong>);
    else parts.push(<ChatLink key={key} href={release(match[3]!)} label={release(match[2]!)} />);
    at = match.index + match[0].length;
  }
  if (at < line.length) parts.push(release(line.slice(at)));
  return parts;
}

/** Where a link may lead: "internal" for our own paths, "external" for https, null for anything else. */
export function linkKind(href: string): "portal" | "site" | "external" | null {
  if (/^\/client\/[\w\-/]*$/.test(href)) return "portal";
  if (/^\/(?!\/)[\w\-/#?=&.]*$/.test(href)) return "site";
  if (/^https:\/\/[^\s"'<>]+$/i.test(href)) return "external";
  return null;
}

function ChatLink({ href, label }: { href: string; label: string }) {
  const kind = linkKind(href);
  if (kind === "portal")
    return (
      <AnchorLink to={href} size="sm" fw={600}>
        {label}
      </AnchorLink>
    );
  if (kind === "site")
    return (
      <Anchor href={href} size="sm" fw={600}>
        {label}
      </Anchor>
    );
  if (kind === "external")
    return (
      <Anchor href={href} size="sm" fw={600} target="_blank" rel="noopener noreferrer">
        {label}
      </Anchor>
    );
  return <>{label}</>;
}
