import { BarChart, DonutChart } from "@mantine/charts";
import { SimpleGrid, Text, Title } from "@mantine/core";
import { type BillingReport, formatCents, formatMinutes } from "@repo/validators";
import { trpc } from "../../lib/trpc";
import { ReportCard } from "./report-card";

const CHART_HEIGHT = 240;
/** Charts draw dollars; tables and CSVs keep the exact cents. */
const dollars = (cents: number) => Math.round(cents) / 100;
const AGING = ["current", "1-30", "31-60", "61-90", "90+"] as const;
const AGING_LABELS: Record<(typeof AGING)[number], string> = {
  current: "Not yet due",
  "1-30": "1-30 days late",
  "31-60": "31-60 days late",
  "61-90": "61-90 days late",
  "90+": "Over 90 days late",
};

/**
 * Money beside the help desk's and time's reports (docs/features.md §11), for whoever sees money (the API
 * refuses the rest, and then nothing shows): recurring revenue, revenue by company over the range's
 * months, unbilled approved time, prepaid hours sold against burnt, and receivables by age.
 */
export function BillingReportCards({ range }: { range: { from: string; to: string } }) {
  const months = { from: range.from.slice(0, 7), to: range.to.slice(0, 7) };
  const report = trpc.billing.report.useQuery(months, { retry: false });
  if (!report.data) return null;
  return (
    <section aria-labelledby="billing-reports-title">
      <Title order={2} size="h3" mt="xl" mb="md" id="billing-reports-title">
        Billing
      </Title>
      <BillingCards report={report.data} range={range} />
    </section>
  );
}

function BillingCards({ report, range }: { report: BillingReport; range: { from: string; to: string } }) {
  const aging = report.receivables.totals;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ReportCard
        title="Monthly recurring revenue"
        description={`What the agreements active on ${report.today} bill each month, at today's user and device counts.`}
        fileName="monthly-recurring-revenue"
        range={range}
        table={{
          header: ["Client", "Cents a month"],
          rows: report.monthlyRecurring.byCompany.map((c) => [c.name, c.cents]),
        }}
      >
        <Text size="xl" fw={700}>
          {formatCents(report.monthlyRecurring.totalCents)} a month
        </Text>
        <BarChart
          h={CHART_HEIGHT}
          data={report.monthlyRecurring.byCompany.map((c) => ({ name: c.name, amount: dollars(c.cents) }))}
          dataKey="name"
          series={[{ name: "amount", label: "Dollars a month", color: "teal.6" }]}
        />
      </ReportCard>
      <ReportCard
        title="Revenue by company"
        description="Approved invoices less credit notes, before tax, issued in the range's months."
        fileName="revenue-by-company"
        range={range}
        table={{ header: ["Client", "Cents"], rows: report.revenue.map((c) => [c.name, c.cents]) }}
      >
        <BarChart
          h={CHART_HEIGHT}
          data={report.revenue.map((c) => ({ name: c.name, amount: dollars(c.cents) }))}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 160 }}
          series={[{ name: "amount", label: "Dollars", color: "blue.6" }]}
        />
      </ReportCard>
      <ReportCard
        title="Unbilled approved time"
        description="Approved billable time on no invoice yet, and its worth at the work types' default rates."
        fileName="unbilled-time"
        range={range}
        table={{
          header: ["Client", "Minutes", "Cents at default rates"],
          rows: report.unbilledTime.map((c) => [c.name, c.minutes, c.atDefaultRatesCents]),
        }}
      >
        <Text size="xl" fw={700}>
          {formatMinutes(report.unbilledTime.reduce((sum, c) => sum + c.minutes, 0))}
        </Text>
        <Text size="sm" c="dimmed">
          about {formatCents(report.unbilledTime.reduce((sum, c) => sum + c.atDefaultRatesCents, 0))} at default rates
        </Text>
      </ReportCard>
      <ReportCard
        title="Prepaid hours sold and burnt"
        description="Each block's hours, what approved time has used of them, and what is left."
        fileName="prepaid-hours"
        range={range}
        table={{
          header: ["Client", "Bought", "Expires", "Minutes sold", "Minutes used", "Minutes left"],
          rows: report.blocks.map((b) => [
            b.clientName,
            b.purchasedOn,
            b.expiresOn,
            b.minutes,
            b.usedMinutes,
            b.remainingMinutes,
          ]),
        }}
      >
        <BarChart
          h={CHART_HEIGHT}
          data={report.blocks.map((b) => ({
            name: `${b.clientName} ${b.purchasedOn}`,
            used: Math.round(b.usedMinutes / 6) / 10,
            left: Math.round(b.remainingMinutes / 6) / 10,
          }))}
          dataKey="name"
          type="stacked"
          series={[
            { name: "used", label: "Used h", color: "orange.6" },
            { name: "left", label: "Left h", color: "teal.6" },
          ]}
        />
      </ReportCard>
      <ReportCard
        title="Receivables by age"
        description="What approved invoices still owe, by how long past their due date."
        fileName="receivables-aging"
        range={range}
        table={{
          header: ["Client", ...AGING.map((b) => `${AGING_LABELS[b]} (cents)`)],
          rows: report.receivables.byCompany.map((c) => [c.name, ...AGING.map((b) => c[b])]),
        }}
      >
        <DonutChart
          h={CHART_HEIGHT}
          withLabels
          data={AGING.map((b, i) => ({
            name: AGING_LABELS[b],
            value: dollars(aging[b]),
            color: ["teal.6", "yellow.6", "orange.6", "red.6", "red.9"][i]!,
          }))}
        />
      </ReportCard>
    </SimpleGrid>
  );
}
