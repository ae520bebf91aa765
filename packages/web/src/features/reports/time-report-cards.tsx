import { BarChart } from "@mantine/charts";
import { SimpleGrid, Text, Title } from "@mantine/core";
import type { TimeReport } from "@repo/validators";
import { trpc } from "../../lib/trpc";
import { formatMinutes } from "@repo/validators";
import { ReportCard } from "./report-card";

const CHART_HEIGHT = 240;
/** Charts draw hours (one decimal); tables and CSVs keep the exact minutes. */
const hours = (minutes: number) => Math.round(minutes / 6) / 10;

/**
 * Time beside the help desk's reports (docs/features.md §10), for admins and viewers: utilisation per
 * person, hours per client and month, hours per work type, and what is not yet approved.
 */
export function TimeReportCards({ range }: { range: { from: string; to: string } }) {
  const report = trpc.time.report.useQuery(range);
  if (!report.data) return null;
  return (
    <section aria-labelledby="time-reports-title">
      <Title order={2} size="h3" mt="xl" mb="md" id="time-reports-title">
        Time
      </Title>
      <TimeCards report={report.data} range={range} />
    </section>
  );
}

function TimeCards({ report, range }: { report: TimeReport; range: { from: string; to: string } }) {
  const people = report.people.map((p) => ({
    name: p.name,
    billable: hours(p.billableMinutes),
    total: hours(p.totalMinutes),
    expected: hours(p.expectedMinutes),
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ReportCard
        title="Utilisation per person"
        description={`Hours recorded in the range against the expected hours of its ${report.workingDays} working days.`}
        fileName="utilisation"
        range={range}
        table={{
          header: ["Person", "Billable minutes", "Total minutes", "Expected minutes"],
          rows: report.people.map((p) => [p.name, p.billableMinutes, p.totalMinutes, p.expectedMinutes]),
        }}
      >
        <BarChart
          h={CHART_HEIGHT}
          data={people}
          dataKey="name"
          series={[
            { name: "billable", label: "Billable h", color: "teal.6" },
            { name: "total", label: "Total h", color: "blue.6" },
            { name: "expected", label: "Expected h", color: "gray.5" },
          ]}
        />
      </ReportCard>
      <ReportCard
        title="Hours per client and month"
        description="Time on each company's tickets, by calendar month."
        fileName="hours-per-client"
        range={range}
        table={{
          header: ["Client", "Month", "Billable minutes", "Total minutes"],
          rows: report.clients.map((c) => [c.name, c.month, c.billableMinutes, c.totalMinutes]),
        }}
      >
        <BarChart
          h={CHART_HEIGHT}
          data={report.clients.map((c) => ({ label: `${c.name} ${c.month}`, total: hours(c.totalMinutes) }))}
          dataKey="label"
          orientation="vertical"
          yAxisProps={{ width: 160 }}
          series={[{ name: "total", label: "Hours", color: "grape.6" }]}
        />
      </ReportCard>
      <ReportCard
        title="Hours per work type"
        description="Time by the kind of work recorded."
        fileName="hours-per-work-type"
        range={range}
        table={{
          header: ["Work type", "Billable minutes", "Total minutes"],
          rows: report.workTypes.map((w) => [w.name, w.billableMinutes, w.totalMinutes]),
        }}
      >
        <BarChart
          h={CHART_HEIGHT}
          data={report.workTypes.map((w) => ({ name: w.name, total: hours(w.totalMinutes) }))}
          dataKey="name"
          series={[{ name: "total", label: "Hours", color: "indigo.6" }]}
        />
      </ReportCard>
      <ReportCard
        title="Unapproved time"
        description="Entries of the range not yet approved on a timesheet."
        fileName="unapproved-time"
        range={range}
        table={{ header: ["Entries", "Minutes"], rows: [[report.unapproved.entries, report.unapproved.totalMinutes]] }}
      >
        <Text size="xl" fw={700}>
          {formatMinutes(report.unapproved.totalMinutes)}
        </Text>
        <Text size="sm" c="dimmed">
          in {report.unapproved.entries} {report.unapproved.entries === 1 ? "entry" : "entries"}
        </Text>
      </ReportCard>
    </SimpleGrid>
  );
}
