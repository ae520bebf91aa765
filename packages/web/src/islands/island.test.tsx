import { Accordion, TextInput } from "@mantine/core";
import { act } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { island, IslandCollectorContext, islandModule, type CollectedIsland } from "./island";
import { IslandProviders } from "./island-providers";
import { renderIslands } from "./render-islands";

// An island whose markup carries useId ids (the accordion's) and state (the counter), as real ones do.
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <TextInput label={label} readOnly value={String(count)} />
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} +1
      </button>
      <Accordion>
        <Accordion.Item value="a">
          <Accordion.Control>Question?</Accordion.Control>
          <Accordion.Panel>Answer</Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </div>
  );
}
const CounterIsland = island("test/counter", Counter);

function Page() {
  return (
    <main>
      <h1>Static heading</h1>
      <CounterIsland label="First" />
      <p>Static text</p>
      <CounterIsland label={'Second "quoted" <b>'} />
    </main>
  );
}

function prerender(): { html: string; islands: CollectedIsland[] } {
  const islands: CollectedIsland[] = [];
  const markup = renderToString(
    <IslandProviders>
      <IslandCollectorContext value={islands}>
        <Page />
      </IslandCollectorContext>
    </IslandProviders>,
  );
  return { html: renderIslands(markup, islands), islands };
}

describe("islands", () => {
  it("render as the plain component outside the prerender", () => {
    const html = renderToString(
      <IslandProviders>
        <Page />
      </IslandProviders>,
    );
    expect(html).not.toContain("data-island");
    const page = document.createElement("div");
    page.innerHTML = html;
    expect(page.querySelector("button")!.textContent).toBe("First +1");
  });

  it("leave a placeholder with their name and JSON props in the prerender, filled with the island as its own root", () => {
    const { html, islands } = prerender();
    expect(islands.map((i) => [i.name, i.id, i.props])).toEqual([
      ["test/counter", "i0-", { label: "First" }],
      ["test/counter", "i1-", { label: 'Second "quoted" <b>' }],
    ]);
    const page = document.createElement("div");
    page.innerHTML = html;
    const placeholders = [...page.querySelectorAll<HTMLElement>("[data-island]")];
    expect(placeholders.map((el) => JSON.parse(el.dataset.islandProps!))).toEqual([
      { label: "First" },
      { label: 'Second "quoted" <b>' },
    ]);
    expect(placeholders[1]!.textContent).toContain('Second "quoted" <b> +1');
    // Each island's ids carry its own prefix, so two islands never share one.
    expect(placeholders[0]!.querySelector("input")!.id).toContain("i0-");
    expect(placeholders[1]!.querySelector("input")!.id).toContain("i1-");
    expect(page.querySelector("h1")!.textContent).toBe("Static heading");
  });

  it("hydrate from the prerendered HTML without a mismatch, and respond", async () => {
    const { html } = prerender();
    document.body.innerHTML = html;
    const recoverable = vi.fn();
    for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
      await act(async () => {
        hydrateRoot(
          element,
          <IslandProviders>
            <CounterIsland {...(JSON.parse(element.dataset.islandProps!) as { label: string })} />
          </IslandProviders>,
          { identifierPrefix: element.dataset.islandId, onRecoverableError: recoverable },
        );
      });
    }
    expect(recoverable).not.toHaveBeenCalled();

    const second = document.querySelectorAll<HTMLElement>("[data-island]")[1]!;
    await act(async () => second.querySelector("button")!.click());
    expect(second.querySelector("input")!.value).toBe("1");
    expect(document.querySelector("input")!.value).toBe("0");
    document.body.innerHTML = "";
  });

  it("live in src/features/<name>.island.tsx", () => {
    expect(islandModule("site/site-nav")).toBe("features/site/site-nav.island.tsx");
  });
});
