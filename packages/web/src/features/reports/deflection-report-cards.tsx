import { BarChart } from "@mantine/charts";
import { SimpleGrid, Text, Title } from "@mantine/core";
import type { DeflectionReport } from "@repo/validators";
import { trpc } from "../../lib/trpc";
import { ReportCard } from "./report-card";

/**
 * Self-service beside the help desk's reports (docs/features.md §17): the new-ticket forms where an
 * offered article was opened, how many sent their ticket all the same, and the articles opened most.
 */
export function DeflectionReportCards({ range }: { range: { from: string; to: string } }) {
  const report = trpc.reports.deflection.useQuery(range);
  if (!report.data) return null;
  return (
    <section aria-labelledby="deflection-reports-title">
      <Title order={2} size="h3" mt="xl" mb="md" id="deflection-reports-title">
        Self-service
      </Title>
      <DeflectionCards report={report.data} range={range} />
    </section>
  );
}

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "none");

function DeflectionCards({ report, range }: { report: DeflectionReport; range: { from: string; to: string } }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ReportCard
        title="Tickets not sent after an article"
        description="New-ticket forms where a suggested article was opened, and how many then sent no ticket."
        fileName="tickets-not-sent"
        range={range}
        table={{
          header: ["Forms with an article opened", "Tickets sent", "Tickets not sent"],
          rows: [[report.formsWithArticles, report.ticketsSent, report.ticketsNotSent]],
        }}
      >
        <Text size="xl" fw={700}>
          {report.ticketsNotSent} not sent
        </Text>
        <Text size="sm" c="dimmed">
          of {report.formsWithArticles} {report.formsWithArticles === 1 ? "form" : "forms"} with an article opened (
          {percent(report.ticketsNotSent, report.formsWithArticles)})
        </Text>
      </ReportCard>
      <ReportCard
        title="Articles opened from the ticket forms"
        description="The articles opened most while a ticket was being written, with the tickets not sent after them."
        fileName="articles-opened"
        range={range}
        table={{
          header: ["Article", "Opened", "Tickets not sent"],
          rows: report.articles.map((a) => [a.title, a.opened, a.ticketsNotSent]),
        }}
      >
        {report.articles.length === 0 ? (
          <Text size="sm" c="dimmed">
            No article was opened from a ticket form in this range.
          </Text>
        ) : (
          <BarChart
            h={240}
            data={report.articles.map((a) => ({ title: a.title, opened: a.opened, notSent: a.ticketsNotSent }))}
            dataKey="title"
            orientation="vertical"
            yAxisProps={{ width: 160 }}
            series={[
              { name: "opened", label: "Opened", color: "blue.6" },
              { name: "notSent", label: "Tickets not sent", color: "teal.6" },
            ]}
          />
        )}
      </ReportCard>
    </SimpleGrid>
  );
}
