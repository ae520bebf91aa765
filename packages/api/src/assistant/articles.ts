// Published articles in the assistant's answers (docs/features.md §17). For each question, the few
// articles the asker may read that share its words (the knowledge search's any-word match, readableBy in
// its query) join the service pages' index for that one search, so one ranking decides between an
// article and a page. An internal article, a draft or another company's is never a candidate.
import { articles, inArray, type DbExecutor } from "@repo/db";
import { articleDisplayMarkdown } from "@repo/validators";
import { searchArticles } from "../knowledge/articles.js";
import type { ArticleReader } from "../knowledge/readers.js";
import { asText } from "./format.js";
import type { KnowledgeDoc } from "./knowledge-index.js";

/** How many articles a question brings into the ranking; the best of them competes with the pages. */
const CANDIDATES = 5;
/** How much of an article an answer quotes before it links to the rest. */
const ANSWER_CHARS = 900;

/** Where a client reads an article in the portal. */
export const articlePath = (slug: string) => `/client/help/${slug}`;

/** The articles `reader` may read that share a word with `question`, as documents of the knowledge index. */
export async function articleDocs(db: DbExecutor, reader: ArticleReader, question: string): Promise<KnowledgeDoc[]> {
  // The search applies who reads what; the second read only adds the text of what it found.
  const found = await searchArticles(db, reader, { q: question, limit: CANDIDATES, match: "any" });
  if (found.length === 0) return [];
  const texts = await db
    .select({ id: articles.id, tags: articles.tags, body: articles.body })
    .from(articles)
    .where(
      inArray(
        articles.id,
        found.map((f) => f.id),
      ),
    );
  const byId = new Map(texts.map((t) => [t.id, t]));
  return found.flatMap((hit) => {
    const text = byId.get(hit.id);
    if (!text) return [];
    const source = { title: hit.title, path: articlePath(hit.slug) };
    return [
      {
        id: `article:${hit.id}`,
        topic: "article" as const,
        title: hit.title,
        text: text.body,
        keywords: `${hit.category} ${text.tags.join(" ")}`,
        answer: `${excerpt(text.body)}\n\nThe whole article: [${asText(hit.title)}](${source.path})`,
        path: source.path,
        source,
      },
    ];
  });
}

/**
 * The start of an article's Markdown as the chat shows it (articleDisplayMarkdown): whole blocks up to
 * ANSWER_CHARS (a first block longer than that is cut at a word).
 */
export function excerpt(markdown: string): string {
  const blocks = articleDisplayMarkdown(markdown)
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const first = blocks[0] ?? "";
  if (first.length > ANSWER_CHARS) return `${first.slice(0, first.lastIndexOf(" ", ANSWER_CHARS))} …`;
  const kept: string[] = [];
  let length = 0;
  for (const block of blocks) {
    if (kept.length && length + block.length > ANSWER_CHARS) return `${kept.join("\n\n")}\n\n…`;
    kept.push(block);
    length += block.length;
  }
  return kept.join("\n\n");
}
