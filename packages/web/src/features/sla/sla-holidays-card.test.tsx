import { MantineProvider } from "@mantine/core";
import { useForm } from "@mantine/form";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SlaPolicySettings } from "@repo/validators";
import { SlaHolidaysCard } from "./sla-holidays-card";

function Card({ holidays }: { holidays: SlaPolicySettings["calendar"]["holidays"] }) {
  const form = useForm<SlaPolicySettings>({
    initialValues: {
      targets: [],
      calendar: {
        timeZone: "America/Toronto",
        workDays: [1, 2, 3, 4, 5],
        openTime: "09:00",
        closeTime: "17:00",
        holidays,
      },
      atRiskPercent: 75,
    },
  });
  return <SlaHolidaysCard form={form} canEdit />;
}

describe("SlaHolidaysCard", () => {
  it("says on which working day a weekend holiday is observed, and nothing for a weekday one", () => {
    render(
      <MantineProvider>
        <Card
          holidays={[
            { date: "2027-12-25", name: "Christmas Day" },
            { date: "2027-12-26", name: "Boxing Day" },
            { date: "2027-07-01", name: "Canada Day" },
          ]}
        />
      </MantineProvider>,
    );
    const notes = screen.getAllByTestId("holiday-observed").map((n) => n.textContent);
    expect(notes).toEqual(["Observed Mon, Dec 27", "Observed Tue, Dec 28"]);
  });
});
