import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QueryStates } from "./query-states";

const TEXTS = { loading: "Loading emails", error: "The emails could not be loaded.", empty: "No emails yet." };

function show(query: { isPending: boolean; isError: boolean; data: string[] | undefined }) {
  render(
    <MantineProvider>
      <QueryStates query={query} texts={TEXTS} isEmpty={(rows) => rows.length === 0}>
        {(rows) => <p>{rows.join(", ")}</p>}
      </QueryStates>
    </MantineProvider>,
  );
}

describe("QueryStates", () => {
  it("shows a loader a screen reader announces by name while the query is pending", () => {
    show({ isPending: true, isError: false, data: undefined });
    expect(screen.getByRole("status", { name: "Loading emails" })).toBeTruthy();
  });

  it("shows the error line, the empty line, or the rows once it has settled", () => {
    show({ isPending: false, isError: true, data: undefined });
    expect(screen.getByText("The emails could not be loaded.")).toBeTruthy();
    show({ isPending: false, isError: false, data: [] });
    expect(screen.getByText("No emails yet.")).toBeTruthy();
    show({ isPending: false, isError: false, data: ["a", "b"] });
    expect(screen.getByText("a, b")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
