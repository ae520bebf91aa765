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
 *
 * `images`: the image addresses shown, for the pages of an article (its own images, served under its
 * visibility); an ![image](src) whose src it does not match shows as its text. Without it (the chat), the
 * syntax is not an image at all.
 */
export function ChatMarkdown({ text, images }: { text: string; images?: RegExp }) {
  const inline = inlineOf(images);
  return <>{blocks(text).map((block, i) => renderBlock(block, i, inline))}</>;
}

type Inline = (line: string) => ReactNode[];

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
function Lines({ lines, inline }: { lines: string[]; inline: Inline }) {
  return lines.map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a message's lines never reorder
    <Fragment key={i}>
      {i > 0 && <br />}
      {inline(line)}
    </Fragment>
  ));
}

function renderBlock(block: Block, key: number, inline: Inline): ReactNode {
  switch (block.kind) {
    case "paragraph":
      return (
        <Text key={key} size="sm" mb={6} style={{ overflowWrap: "anywhere" }}>
          <Lines lines={block.lines} inline={inline} />
        </Text>
      );
    case "quote":
      return (
        <Blockquote key={key} p="xs" my={6} fz="sm">
          <Lines lines={block.lines} inline={inline} />
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
/** The same, with ![alt](src) first. */
const INLINE_WITH_IMAGES = /!\[([^\]]*)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inlineOf(images: RegExp | undefined): Inline {
  const inline: Inline = (line) => {
    const parts: ReactNode[] = [];
    let at = 0;
    for (const match of line.matchAll(images ? INLINE_WITH_IMAGES : INLINE)) {
      if (match.index > at) parts.push(release(line.slice(at, match.index)));
      const key = `${match.index}`;
      const [bold, label, href] = images ? match.slice(3) : match.slice(1);
      if (images && match[2] !== undefined) {
        const [alt, src] = [release(match[1]!), release(match[2])];
        parts.push(images.test(src) ? <ArticleImage key={key} src={src} alt={alt} /> : alt);
      } else if (bold !== undefined) parts.push(<strong key={key}>{inline(bold)}</strong>);
      else parts.push(<ChatLink key={key} href={release(href!)} label={release(label!)} />);
      at = match.index + match[0].length;
    }
    if (at < line.length) parts.push(release(line.slice(at)));
    return parts;
  };
  return inline;
}

/** An article's image, as wide as the text at most; its alt text is what a screen reader says. */
function ArticleImage({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      style={{ display: "block", maxWidth: "100%", height: "auto", margin: "6px 0", borderRadius: 4 }}
    />
  );
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
