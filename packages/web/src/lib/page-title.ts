import { site } from "@repo/content";

/** The document title of a page: "{page} | Northwind IT". */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${site.name}` : site.name;
}

/** The `head` option of a route whose only head content is its title. */
export function titleHead(page?: string) {
  return () => ({ meta: [{ title: pageTitle(page) }] });
}
