import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import type { AppRouter } from "@repo/api";
import type { inferRouterOutputs } from "@trpc/server";
import { Alert, Button, Container, Group, SimpleGrid, Text, TextInput } from "@mantine/core";
import { isoDay } from "@repo/content";
import { STAFF_PRIORITY_LABELS } from "@repo/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { ReportCard } from "./report-card";
import { BillingReportCards } from "./billing-report-cards";
import { DeflectionReportCards } from "./deflection-report-cards";
import { TimeReportCards } from "./time-report-cards";
import { readStoredUser } from "../../lib/auth-storage";
import { lastDays, type ReportSearch } from "./report-search";

const route = getRouteApi("/_staff-portal/reports");

const PRESETS = [7, 30, 90] as const;
const CHART_HEIGHT = 240;
/** Counts of tickets and ratings come whole: their axes never show a quarter of a ticket. */
const COUNT_AXIS = { allowDecimals: false } as const;
const RANGE_ENDS = [
  { key: "from", label: "From" },
  { key: "to", label: "To" },
] as const;

/** /reports (docs/architecture.md §18): how the desk did over a range of Toronto days, each chart with its CSV. */
export function ReportsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const range = search.from && search.to ? search : lastDays(isoDay(), 30);
  const report = trpc.reports.summary.useQuery(range, { placeholderData: keepPreviousData });
  const setRange = (next: ReportSearch) => void navigate({ search: next });

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Reports"
        description="Tickets opened and resolved, SLA targets met, the backlog and satisfaction, by day in Toronto time."
        action={
          <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label="Report range">
            {PRESETS.map((days) => (
              <Button key={days} variant="default" size="sm" onClick={() => setRange(lastDays(isoDay(), days))}>
                Last {days} days
              </Button>
            ))}
            {RANGE_ENDS.map(({ key, label }) => (
              <TextInput
                key={key}
                type="date"
                label={label}
                size="sm"
                value={range[key]}
                min={key === "to" ? range.from : undefined}
                max={key === "from" ? range.to : undefined}
                onChange={(e) => e.currentTarget.value && setRange({ ...range, [key]: e.currentTarget.value })}
              />
            ))}
          </Group>
        }
      />
      {report.isError && (
        <Alert color="red" title="Failed to load the report" mb="lg" role="alert">
          {serverMessage(report.error, "Please try again.")}
        </Alert>
      )}
      {report.isPending ? (
        <LoadingStatus>Loading report...</LoadingStatus>
      ) : report.data ? (
        <Charts report={report.data} />
      ) : null}
      {report.data && readStoredUser()?.role !== "AGENT" && (
        <TimeReportCards range={{ from: report.data.from, to: report.data.to }} />
      )}
      {report.data && <BillingReportCards range={{ from: report.data.from, to: report.data.to }} />}
      {report.data && <DeflectionReportCards range={{ from: report.data.from, to: report.data.to }} />}
    </Container>
  );
}

type Report = inferRouterOutputs<AppRouter>["reports"]["summary"];

function Charts({ report }: { report: Report }) {
  const range = { from: report.from, to: report.to };
  const sla = report.slaAttainment.map((row) => ({ ...row, label: STAFF_PRIORITY_LABELS[row.priority] }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ReportCard
        title="Tickets opened and resolved"
        description="Per day, in Toronto time."
        fileName="tickets-per-day"
        range={range}
        table={{ header: ["Day", "Opened", "Resolved"], rows: report.daily.map((d) => [d.day, d.opened, d.resolved]) }}
      >
        <LineChart
          h={CHART_HEIGHT}
          data={report.daily}
          dataKey="day"
          series={[
            { name: "opened", label: "Opened", color: "blue.6" },
            { name: "resolved", label: "Resolved", color: "teal.6" },
          ]}
          withLegend
          curveType="linear"
          yAxisProps={COUNT_AXIS}
        />
      </ReportCard>
      <ReportCard
        title="SLA targets met"
        description="Per priority, of the tickets opened in the range whose outcome is known."
        fileName="sla-attainment"
        range={range}
        table={{
          header: ["Priority", "First response met (%)", "Resolution met (%)", "Responses known", "Resolutions known"],
          rows: sla.map((s) => [s.label, s.responsePercent, s.resolutionPercent, s.responseKnown, s.resolutionKnown]),
        }}
      >
        <BarChart
          h={CHART_HEIGHT}
          data={sla}
          dataKey="label"
          series={[
            { name: "responsePercent", label: "First response met (%)", color: "blue.6" },
            { name: "resolutionPercent", label: "Resolution met (%)", color: "teal.6" },
          ]}
          withLegend
          yAxisProps={{ domain: [0, 100] }}
          // A met share of 0% gets its "0%" over an empty bar; a priority without a known outcome (null)
          // gets no bar and no label, and is named in the note below: the two must never look alike.
          valueFormatter={(value) => `${value}%`}
          withBarValueLabel
        />
        <SlaNoData rows={sla} />
      </ReportCard>
      {BUCKET_CARDS.map(({ rows, ...card }) => (
        <BucketsCard key={rows} {...card} range={range} rows={report[rows]} />
      ))}
      <ReportCard
        title="Tickets per client"
        description="Tickets opened in the range, the 20 busiest clients."
        fileName="tickets-per-client"
        range={range}
        table={{ header: ["Client", "Opened"], rows: report.volumeByClient.map((c) => [c.name, c.opened]) }}
      >
        <BarChart
          h={CHART_HEIGHT}
          data={report.volumeByClient}
          dataKey="name"
          orientation="vertical"
          xAxisProps={COUNT_AXIS}
          series={[{ name: "opened", label: "Opened", color: "grape.6" }]}
        />
      </ReportCard>
      <ReportCard
        title="Top devices with tickets"
        description="Devices named by the most tickets opened in the range, the top 10."
        fileName="top-devices"
        range={range}
        table={{
          header: ["Device", "Client", "Tickets"],
          rows: report.topDevices.map((d) => [d.label, d.clientName, d.tickets]),
        }}
      >
        {report.topDevices.length === 0 ? (
          <Text size="sm" c="dimmed" py="md">
            No ticket opened in this range names a device.
          </Text>
        ) : (
          <BarChart
            h={CHART_HEIGHT}
            data={report.topDevices}
            dataKey="label"
            orientation="vertical"
            xAxisProps={COUNT_AXIS}
            yAxisProps={{ width: 160 }}
            series={[{ name: "tickets", label: "Tickets", color: "teal.6" }]}
          />
        )}
      </ReportCard>
      <SatisfactionCard
        title="Satisfaction per agent"
        description={`Ratings given in the range, credited to the ticket's assignee when rated. ${overallLine(report.satisfaction.overall)}`}
        fileName="satisfaction-per-agent"
        range={range}
        heading="Agent"
        rows={report.satisfaction.byAgent}
      />
      <SatisfactionCard
        title="Satisfaction per client"
        description={`Ratings given in the range, per client company. ${overallLine(report.satisfaction.overall)}`}
        fileName="satisfaction-per-client"
        range={range}
        heading="Client"
        rows={report.satisfaction.byClient}
      />
    </SimpleGrid>
  );
}

type SlaRow = Report["slaAttainment"][number] & { label: string };

/** Which priorities had no outcome known in the range, per target: drawn as nothing, so said in words. */
function SlaNoData({ rows }: { rows: SlaRow[] }) {
  const gaps = rows.flatMap((row) => {
    const missing = [
      row.responsePercent === null ? "first response" : null,
      row.resolutionPercent === null ? "resolution" : null,
    ].filter((target) => target !== null);
    if (missing.length === 0) return [];
    return [missing.length === 2 ? row.label : `${row.label} (${missing[0]})`];
  });
  if (gaps.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="sla-no-data">
      No data: {gaps.join(", ")}. No ticket of the range has a known outcome there yet.
    </Text>
  );
}

/** The three distributions, in the order they stand on the page; `rows` names the report's field. */
const BUCKET_CARDS = [
  {
    title: "Time to first response",
    description: "Tickets opened in the range, by the time to our first answer.",
    fileName: "first-response-times",
    heading: "Time",
    rows: "firstResponse",
    color: "blue.6",
  },
  {
    title: "Time to resolution",
    description: "Tickets opened in the range, by the time to resolve them.",
    fileName: "resolution-times",
    heading: "Time",
    rows: "resolution",
    color: "teal.6",
  },
  {
    title: "Backlog by age",
    description: "The tickets open now, by how long they have been open.",
    fileName: "backlog-by-age",
    heading: "Age",
    rows: "backlogByAge",
    color: "orange.6",
  },
] as const satisfies readonly (Omit<BucketsCardProps, "range" | "rows"> & { rows: keyof Report })[];

type SatisfactionRow = Report["satisfaction"]["overall"];

const overallLine = (o: SatisfactionRow) =>
  o.total === 0 ? "No ratings yet." : `Overall ${o.percentGood}% good of ${o.total}.`;

/** Good and bad ratings per agent or client, stacked, with the share of good ones in the figures. */
function SatisfactionCard({
  heading,
  rows,
  ...card
}: Omit<BucketsCardProps, "rows" | "color"> & { rows: (SatisfactionRow & { name: string })[] }) {
  return (
    <ReportCard
      {...card}
      table={{
        header: [heading, "Good", "Bad", "Ratings", "Good (%)"],
        rows: rows.map((r) => [r.name, r.good, r.bad, r.total, r.percentGood]),
      }}
    >
      <BarChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="name"
        type="stacked"
        orientation="vertical"
        xAxisProps={COUNT_AXIS}
        series={[
          { name: "good", label: "Good", color: "green.6" },
          { name: "bad", label: "Bad", color: "red.6" },
        ]}
        withLegend
      />
    </ReportCard>
  );
}

interface BucketsCardProps {
  title: string;
  description: string;
  fileName: string;
  range: { from: string; to: string };
  /** The buckets' heading in the table and the CSV: "Time" or "Age". */
  heading: string;
  rows: { bucket: string; tickets: number }[];
  color: string;
}

/** A distribution: tickets per bucket of time, as bars. */
function BucketsCard({ heading, rows, color, ...card }: BucketsCardProps) {
  return (
    <ReportCard {...card} table={{ header: [heading, "Tickets"], rows: rows.map((row) => [row.bucket, row.tickets]) }}>
      <BarChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="bucket"
        yAxisProps={COUNT_AXIS}
        series={[{ name: "tickets", label: "Tickets", color }]}
      />
    </ReportCard>
  );
}
