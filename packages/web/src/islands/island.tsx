// Partial hydration of the prerendered marketing pages. A marketing page is static HTML: only its few
// interactive parts (the header's menus, the FAQ, Get a quote, images that may fail, the forms) are
// "islands" that React hydrates in the browser, each as a root of its own. So a visitor downloads React
// and those parts, not the router, the query cache or the text of the page a second time as JavaScript.
//
// An island lives in a module of its own named `src/features/<name>.island.tsx`, whose default export is
// `island("<name>", Component)`; the name is the module's path, so the browser and the prerender find its
// chunk from the name alone. Rendered by the prerender, an island leaves a placeholder that names it and
// carries its props as JSON; the prerender then renders it apart (entry-server.tsx) and entry-site.tsx
// hydrates it with the same props. Rendered anywhere else (the SPA, tests) it is just the component. So an
// island's props must be plain JSON, and it may use no context but what <IslandProviders> gives it (no
// router, no query client).
import { createContext, useContext, type ComponentType } from "react";

/** The island's module, from src/features/ and without `.island.tsx`: "site/site-nav". */
export type IslandName = string;

/** The module that holds an island, relative to src/. */
export const islandModule = (name: IslandName) => `features/${name}.island.tsx`;

export interface CollectedIsland {
  /** Unique within the page: the island's useId prefix, so ids match between prerender and hydration. */
  id: string;
  name: IslandName;
  Component: ComponentType<object>;
  props: object;
}

/** Given only while the prerender renders a page; it collects the islands the page holds. */
export const IslandCollectorContext = createContext<CollectedIsland[] | null>(null);

export function island<P extends object>(name: IslandName, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const collected = useContext(IslandCollectorContext);
    if (!collected) return <Component {...props} />;
    const id = `i${collected.length}-`;
    collected.push({ id, name, Component: Component as ComponentType<object>, props });
    // `display: contents` keeps the wrapper out of the layout: the island sits in its parent's flex or grid
    // exactly as the component does in the SPA, where there is no wrapper.
    return (
      <div
        data-island={name}
        data-island-id={id}
        data-island-props={JSON.stringify(props)}
        style={{ display: "contents" }}
      />
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
