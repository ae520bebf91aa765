import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TicketListBody } from "./staff-dashboard-page";

type Props = Parameters<typeof TicketListBody>[0];
const empty = { tickets: [] } as unknown as NonNullable<Props["result"]>;
const desk = {} as Props["desk"];

function show(filtered: boolean) {
  render(
    <MantineProvider>
      <TicketListBody result={empty} pending={false} failed={false} filtered={filtered} desk={desk} />
    </MantineProvider>,
  );
}

describe("the staff ticket list when it is empty", () => {
  it("says there are no tickets yet on a fresh install, with no filter set", () => {
    show(false);
    expect(screen.getByText(/^No tickets yet\./)).toBeTruthy();
    expect(screen.queryByText("No tickets match these filters.")).toBeNull();
  });

  it("says the filters match nothing when a filter is set", () => {
    show(true);
    expect(screen.getByText("No tickets match these filters.")).toBeTruthy();
  });
});
