import { site } from "@repo/content";
import type { RouterContext } from "../router-context";

/** The document title of a page: "{page} | Northwind IT", in the provider's published name. */
export function pageTitle(page?: string, name: string = site.name): string {
  return page ? `${page} | ${name}` : name;
}

/** What a route's `head` is given: its match, whose context holds the published content (router-context.ts). */
export interface HeadArgs {
  match: { context: RouterContext };
}

/** The provider's name as the pages show it. */
export const providerName = ({ match }: HeadArgs): string => match.context.siteContent?.identity.name ?? site.name;

/** The `head` option of a route whose only head content is its title. */
export function titleHead(page?: string) {
  return (args: HeadArgs) => ({ meta: [{ title: pageTitle(page, providerName(args)) }] });
}
