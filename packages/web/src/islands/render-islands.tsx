import { renderToString } from "react-dom/server";
import type { CollectedIsland } from "./island";
import { siteTheme } from "../app/site-theme";
import { withBrand } from "../app/brand-theme";
import { IslandProviders } from "./island-providers";

/**
 * Fills each island placeholder of a prerendered page with the island rendered as a root of its own, with
 * its id as the useId prefix: exactly what entry-site.tsx hydrates, so ids and markup match.
 */
export function renderIslands(pageMarkup: string, islands: readonly CollectedIsland[], brandColour?: string): string {
  let markup = pageMarkup;
  const theme = withBrand(siteTheme, brandColour);
  for (const { id, Component, props } of islands) {
    const html = renderToString(
      <IslandProviders theme={theme}>
        <Component {...props} />
      </IslandProviders>,
      { identifierPrefix: id },
    );
    // The placeholder is an empty <div ... data-island-id="{id}" ...></div>. Its attribute values are
    // escaped (no raw ">"), so the first "></div>" after the id closes it.
    const at = markup.indexOf(`data-island-id="${id}"`);
    const end = markup.indexOf("></div>", at);
    if (at < 0 || end < 0) throw new Error(`The placeholder of island ${id} is missing from the page`);
    markup = markup.slice(0, end + 1) + html + markup.slice(end + 1);
  }
  return markup;
}
