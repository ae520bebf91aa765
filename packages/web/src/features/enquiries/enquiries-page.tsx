import { Anchor, Badge, Card, Container, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { PROMISES } from "@repo/content";
import {
  CONTACT_SERVICE_LABELS,
  type ContactService,
  ENQUIRY_PAGE_SIZE,
  ENQUIRY_STATUS_COLORS,
  ENQUIRY_STATUS_LABELS,
} from "@repo/validators";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import { LoadingStatus } from "../../components/staff-page";
import { TimeAgo } from "../../components/time-ago";
import { trpc } from "../../lib/trpc";
import { readStoredUser } from "../../lib/auth-storage";
import { CtaClicksCard } from "./cta-clicks-card";
import { EnquiryFollowUp } from "./enquiry-follow-up";

/** /enquiries: what visitors sent through the contact form, newest first (beyond the spec: a staff inbox). */
export function EnquiriesPage() {
  const readOnly = readStoredUser()?.role === "VIEWER";
  // 20 at a time, each page after the last enquiry shown (keyset paging): quick however long the inbox grows.
  const list = trpc.contact.enquiryPage.useInfiniteQuery(
    { limit: ENQUIRY_PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  const shown = list.data?.pages.flatMap((page) => page.enquiries) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <Container size="xl" py="xl">
      <Title order={1}>Enquiries</Title>
      <Text c="dimmed" size="sm" mb="lg">
        Messages from the contact form. We promise a reply within {PROMISES.replyWithin} ({PROMISES.replyDays}).
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {list.isPending ? (
            <LoadingStatus>Loading enquiries...</LoadingStatus>
          ) : list.isError && !list.data ? (
            <Text c="red" role="alert" ta="center" py="lg">
              Failed to fetch enquiries
            </Text>
          ) : shown.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">No enquiries yet.</Text>
            </Paper>
          ) : (
            <Stack gap="md">
              {shown.map((enquiry) => (
                <Card
                  key={enquiry.id}
                  withBorder
                  padding="lg"
                  component="article"
                  aria-label={`${enquiry.firstName} ${enquiry.lastName}`}
                >
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <div>
                      <Text fw={700}>
                        {enquiry.firstName} {enquiry.lastName}
                        {enquiry.company && (
                          <Text span c="dimmed" fw={400}>
                            {" "}
                            · {enquiry.company}
                          </Text>
                        )}
                      </Text>
                      <Anchor href={`mailto:${enquiry.email}`} size="sm">
                        {enquiry.email}
                      </Anchor>
                    </div>
                    <Text size="xs" c="dimmed">
                      <TimeAgo iso={enquiry.createdAt} />
                    </Text>
                  </Group>
                  <Group gap="xs" mt="xs">
                    {enquiry.service && (
                      <Badge variant="light" tt="none">
                        {CONTACT_SERVICE_LABELS[enquiry.service as ContactService] ?? enquiry.service}
                      </Badge>
                    )}
                    {enquiry.ref && (
                      <Badge variant="outline" color="gray" tt="none">
                        from {enquiry.ref}
                      </Badge>
                    )}
                    <Badge variant="light" color={ENQUIRY_STATUS_COLORS[enquiry.status]} tt="none">
                      {ENQUIRY_STATUS_LABELS[enquiry.status]}
                    </Badge>
                  </Group>
                  <Text
                    size="sm"
                    mt="sm"
                    style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                    c={enquiry.message ? undefined : "dimmed"}
                  >
                    {enquiry.message ?? "No message."}
                  </Text>
                  <EnquiryFollowUp enquiry={enquiry} readOnly={readOnly} />
                </Card>
              ))}
              <ShowMoreButton list={list} label={`Show more enquiries (${shown.length} of ${total} shown)`} />
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CtaClicksCard />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
