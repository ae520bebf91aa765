// The browser entry of the prerendered marketing pages: hydrates the page's islands (src/islands) and
// nothing else. The rest of the page is static HTML whose links are plain page loads.
import "./app/site-styles";
import { notificationsStore } from "@mantine/notifications";
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { MantineColorsTuple, MantineThemeOverride } from "@mantine/core";
import { BRAND_PALETTE_META } from "./app/brand-meta";
import { siteTheme } from "./app/site-theme";
import { islandModule } from "./islands/island";
import { IslandProviders } from "./islands/island-providers";

// The header's navigation and the logo's image are islands of every page. Imported here too, they and the
// Mantine code they share come in this chunk rather than as ten chunks of their own (fewer requests, a
// kilobyte less of chunk-to-chunk imports: bench/web-weight.ts); their loaders below then resolve at once.
import "./features/site/site-nav.island";
import "./features/site/fallback-image.island";

const ISLAND_MODULES = import.meta.glob<{ default: ComponentType<object> }>("./features/**/*.island.tsx");

function OnHydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/**
 * The theme in the provider's brand colour, when the server rendered the page in one: the palette comes
 * in the page (routes/__root.tsx's head), as app/brand-theme.ts made it for the server's render.
 */
const palette = document.querySelector<HTMLMetaElement>(`meta[name="${BRAND_PALETTE_META}"]`)?.content.split(",");
const brandTheme: MantineThemeOverride | undefined =
  palette?.length === 10
    ? {
        ...siteTheme,
        colors: { ...siteTheme.colors, [siteTheme.primaryColor ?? "blue"]: palette as unknown as MantineColorsTuple },
      }
    : undefined;

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const { island: name = "", islandId: id = "", islandProps = "{}" } = element.dataset;
  const load = ISLAND_MODULES[`./${islandModule(name)}`];
  if (!load) throw new Error(`No module for the island "${name}"`);
  const { default: Island } = await load();
  await new Promise<void>((done) => {
    hydrateRoot(
      element,
      <IslandProviders theme={brandTheme}>
        <OnHydrated done={done}>
          <Island {...(JSON.parse(islandProps) as object)} />
        </OnHydrated>
      </IslandProviders>,
      { identifierPrefix: id },
    );
  });
}

const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
// `data-hydrated` on <html> tells tests (and anyone curious) that every island now responds.
// The performance mark is what bench/web-weight.ts reads as the page's time to interactive.
void Promise.all(islands.map(hydrateIsland)).then(() => {
  performance.mark("islands-hydrated");
  document.documentElement.setAttribute("data-hydrated", "");
});

// Toasts follow a form's answer from the server, so their container (and its transitions) loads with the
// first one rather than with the page.
const stopWatching = notificationsStore.subscribe(() => {
  stopWatching();
  void import("./islands/site-toasts").then(({ mountSiteToasts }) => mountSiteToasts());
});
