// Who reads which article (docs/decisions/0055-knowledge-base.md). The rule is a condition inside every
// query's WHERE, never a check after the read, so a search, a list, a read by slug and the helpful count
// cannot disagree about it, and a company-scoped article never reaches another company or a visitor.
import { and, articleCompanies, articles, eq, exists, inArray, or, sql, type SQL } from "@repo/db";
import type { CompanyScope, StaffScope } from "../auth/scope.js";

/** A visitor of the website: no session. */
export interface VisitorReader {
  kind: "visitor";
}

/** Anyone who may ask for an article: a visitor, a client (its company's scope) or staff. */
export type ArticleReader = VisitorReader | CompanyScope | StaffScope;

export const visitor: VisitorReader = { kind: "visitor" };

/**
 * The articles `reader` may read: staff every article in every state (a VIEWER too; writing is the
 * procedure's rule); a client the published ones for everyone, for all clients or for its own company;
 * a visitor the published public ones.
 */
export function readableBy(reader: ArticleReader): SQL | undefined {
  if (reader.kind === "staff") return undefined;
  const published = eq(articles.status, "published");
  if (reader.kind === "visitor") return and(published, eq(articles.visibility, "public"));
  const forItsCompany = and(
    eq(articles.visibility, "companies"),
    exists(
      sql`(select 1 from ${articleCompanies} where ${articleCompanies.articleId} = ${articles.id} and ${articleCompanies.clientId} = ${reader.clientId})`,
    ),
  );
  return and(published, or(inArray(articles.visibility, ["public", "clients"]), forItsCompany));
}
