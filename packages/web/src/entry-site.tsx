// The browser entry of the prerendered marketing pages: hydrates the page's islands (src/islands) and
// nothing else. The rest of the page is static HTML whose links are plain page loads.
import "./app/site-styles";
import { notificationsStore } from "@mantine/notifications";
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { islandModule } from "./islands/island";
import { IslandProviders } from "./islands/island-providers";

type IslandModule = { default: ComponentType<object> };

// The header's navigation and the logo's image are islands of every page, so they come in this chunk,
// with the Mantine code they share, rather than as a dozen chunks of their own: fewer requests, and
// about a kilobyte less of chunk-to-chunk imports (bench/web-weight.ts). Every other island loads when
// its page has one.
const ON_EVERY_PAGE = import.meta.glob<IslandModule>(
  ["./features/site/site-nav.island.tsx", "./features/site/fallback-image.island.tsx"],
  { eager: true },
);
const ISLAND_MODULES: Record<string, () => Promise<IslandModule>> = {
  ...import.meta.glob<IslandModule>([
    "./features/**/*.island.tsx",
    "!./features/site/site-nav.island.tsx",
    "!./features/site/fallback-image.island.tsx",
  ]),
  ...Object.fromEntries(Object.entries(ON_EVERY_PAGE).map(([path, module]) => [path, async () => module])),
};

function OnHydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const { island: name = "", islandId: id = "", islandProps = "{}" } = element.dataset;
  const load = ISLAND_MODULES[`./${islandModule(name)}`];
  if (!load) throw new Error(`No module for the island "${name}"`);
  const { default: Island } = await load();
  await new Promise<void>((done) => {
    hydrateRoot(
      element,
      <IslandProviders>
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
