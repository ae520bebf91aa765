import { Badge, Button, Container, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { ButtonLink } from "../../components/router-links";
import { clearSession, readStoredUser } from "../../lib/auth-storage";
import { httpStatus } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { ChatPanel } from "../chat/chat-panel";
import { ClientIncidentBanner } from "../incidents/client-incident-banner";
import { ClientTimeLink } from "../time/client-time-link";
import { CompanyProfileTab } from "./company-profile-tab";
import { DashboardTabsList } from "./dashboard-tabs-list";
import { SupportTicketsTab } from "./support-tickets-tab";
import { TicketCounters } from "./ticket-counters";
import classes from "./dashboard-tabs.module.css";
import type { ClientDashboardSearch, DashboardTab } from "./ticket-search";

type OtherTab = Exclude<DashboardTab, "tickets">;

/** Mantine's "sm" breakpoint: below it, a phone. */
const PHONE = "(max-width: 47.99em)";
import { useClientLogout } from "./use-client-logout";

/** /client and /client-dashboard (docs/product-spec.md §2): header, four counters and four tabs. */
export function ClientDashboardPage() {
  // The route guard has checked the stored user; the fallback only satisfies the type.
  const user = readStoredUser() ?? { name: "", email: "", role: "CLIENT" as const };
  const profile = trpc.clientPortal.profile.useQuery();
  // Counted in SQL (docs/architecture.md §8): the dashboard never loads every ticket to count four numbers.
  const counts = trpc.clientPortal.ticketCounts.useQuery();
  const logout = useClientLogout();
  const navigate = useNavigate();
  // Both /client and /client-dashboard show this page and validate the same search (ticket-search.ts).
  const search = useSearch({ strict: false }) as ClientDashboardSearch;
  // A tab is a step in the history (Back returns to the previous tab); the list's filters replace theirs.
  // Neither moves the page: the person is looking at the tabs or the search box, not the top.
  const setSearch = (next: ClientDashboardSearch, step: "push" | "replace") =>
    void navigate({ to: ".", search: next, replace: step === "replace", resetScroll: false });
  // On a phone the header and counters fill the first screen: opening the assistant brings its tab to the
  // top, so that the conversation and the message box under it are in view at once.
  const tabsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (search.tab === "assistant" && window.matchMedia(PHONE).matches) {
      tabsRef.current?.scrollIntoView({ block: "start" });
    }
  }, [search.tab]);

  // The stored session can outlive the server's (expired, signed out elsewhere): a 401 here means the
  // visitor must sign in again rather than look at an empty dashboard.
  const unauthorized = httpStatus(profile.error) === 401 || httpStatus(counts.error) === 401;
  useEffect(() => {
    if (!unauthorized) return;
    clearSession();
    void navigate({ to: "/client-auth", replace: true });
  }, [unauthorized, navigate]);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" component="header">
          <div>
            {profile.data && (
              <Badge size="lg" variant="light" mb={6} data-testid="company-badge">
                {profile.data.name}
              </Badge>
            )}
            <Title order={1}>Welcome, {user.name}</Title>
          </div>
          <Group gap="sm">
            <ButtonLink to="/client/help" variant="subtle">
              Help articles
            </ButtonLink>
            <ButtonLink to="/client/account" variant="subtle">
              My account
            </ButtonLink>
            <Button variant="default" onClick={() => logout.mutate({})} loading={logout.isPending}>
              Logout
            </Button>
          </Group>
        </Group>

        <ClientIncidentBanner />

        <TicketCounters counts={counts.data} />

        <Tabs
          ref={tabsRef}
          value={search.tab ?? "tickets"}
          onChange={(tab) => setSearch({ ...search, tab: tab === "tickets" ? undefined : (tab as OtherTab) }, "push")}
          keepMounted={false}
          classNames={{ tab: classes.tab }}
        >
          <DashboardTabsList value={search.tab ?? "tickets"}>
            <Tabs.Tab value="tickets">Support Tickets</Tabs.Tab>
            <Tabs.Tab value="inventory">Device Inventory</Tabs.Tab>
            <Tabs.Tab value="assistant">AI Assistant</Tabs.Tab>
            <Tabs.Tab value="profile">Company Profile</Tabs.Tab>
          </DashboardTabsList>

          <Tabs.Panel value="tickets" pt="lg">
            <SupportTicketsTab
              user={user}
              total={counts.data?.total}
              search={search}
              onSearch={(next) => setSearch({ tab: search.tab, ...next }, "replace")}
            />
          </Tabs.Panel>
          <Tabs.Panel value="inventory" pt="lg">
            <Paper withBorder p="lg" radius="md">
              <Title order={2} size="h3">
                Device Inventory
              </Title>
              <Text c="dimmed" mt="xs" mb="md">
                See every device your company has with us: who uses it, whether it is compliant, and when its warranty
                ends. Edit details, add devices, or import and export them as CSV.
              </Text>
              <ButtonLink to="/client/inventory">Open Device Inventory</ButtonLink>
            </Paper>
          </Tabs.Panel>
          <Tabs.Panel value="assistant" pt="lg">
            <ChatPanel />
          </Tabs.Panel>
          <Tabs.Panel value="profile" pt="lg">
            <Stack gap="sm">
              <CompanyProfileTab profile={profile.data} failed={profile.isError} />
              <ClientTimeLink enabled={search.tab === "profile"} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
