// Published articles in the assistant's answers (docs/features.md §17). For each question, the few
// articles the asker may read that share its words join the service pages' index for that one search,
// so one ranking decides between an article and a page. readableBy is in the query itself: an internal
// article, a draft or another company's article never becomes a candidate, so it cannot be an answer.
import { and, articles, desc, sql, type DbExecutor } from "@repo/db";
import { articleDisplayMarkdown } from "@repo/validators";
import { readableBy, type ArticleReader } from "../knowledge/readers.js";
import { asText } from "./format.js";
import { anyWordQuery, meaningfulWords } from "../lib/word-query.js";
import type { KnowledgeDoc } from "./knowledge-index.js";

/** How many articles a question brings into the ranking; the best of them competes with the pages. */
const CANDIDATES = 5;
/** Words of a question searched for: a long message's first ones say what it is about. */
const QUESTION_WORDS = 8;
/** How much of an article an answer quotes before it links to the rest. */
const ANSWER_CHARS = 900;

/** Where a client reads an article in the portal. */
export const articlePath = (slug: string) => `/client/help/${slug}`;

/** The articles `reader` may read that share a word with `question`, as documents of the knowledge index. */
export async function articleDocs(db: DbExecutor, reader: ArticleReader, question: string): Promise<KnowledgeDoc[]> {
  const words = meaningfulWords(question, QUESTION_WORDS);
  if (words.length === 0) return [];
  const query = anyWordQuery(words);
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      category: articles.category,
      tags: articles.tags,
      body: articles.body,
    })
    .from(articles)
    .where(and(sql`${articles.searchVector} @@ ${query}`, readableBy(reader)))
    .orderBy(desc(sql`ts_rank(${articles.searchVector}, ${query})`), desc(articles.updatedAt))
    .limit(CANDIDATES);
  return rows.map((row) => {
    const source = { title: row.title, path: articlePath(row.slug) };
    return {
      id: `article:${row.id}`,
      topic: "article",
      title: row.title,
      text: row.body,
      keywords: `${row.category} ${row.tags.join(" ")}`,
      answer: `${excerpt(row.body)}\n\nThe whole article: [${asText(row.title)}](${source.path})`,
      path: source.path,
      source,
    };
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
