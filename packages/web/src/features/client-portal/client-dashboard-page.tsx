import { Badge, Button, Container, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo } from "react";
import { ButtonLink } from "../../components/router-links";
import { clearSession, readStoredUser } from "../../lib/auth-storage";
import { httpStatus } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { ChatPanel } from "../chat/chat-panel";
import { CompanyProfileTab } from "./company-profile-tab";
import { SupportTicketsTab } from "./support-tickets-tab";
import { TicketCounters } from "./ticket-counters";
import { countTickets } from "./ticket-counts";
import { useClientLogout } from "./use-client-logout";

/** /client and /client-dashboard (docs/product-spec.md §2): header, four counters and four tabs. */
export function ClientDashboardPage() {
  // The route guard has checked the stored user; the fallback only satisfies the type.
  const user = readStoredUser() ?? { name: "", email: "", role: "CLIENT" as const };
  const profile = trpc.clientPortal.profile.useQuery();
  const tickets = trpc.clientPortal.tickets.useQuery();
  const logout = useClientLogout();
  const navigate = useNavigate();
  const counts = useMemo(() => (tickets.data ? countTickets(tickets.data) : undefined), [tickets.data]);

  // The stored session can outlive the server's (expired, signed out elsewhere): a 401 here means the
  // visitor must sign in again rather than look at an empty dashboard.
  const unauthorized = httpStatus(profile.error) === 401 || httpStatus(tickets.error) === 401;
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
            <ButtonLink to="/client/account" variant="subtle">
              My account
            </ButtonLink>
            <Button variant="default" onClick={() => logout.mutate({})} loading={logout.isPending}>
              Logout
            </Button>
          </Group>
        </Group>

        <TicketCounters counts={counts} />

        <Tabs defaultValue="tickets" keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="tickets">Support Tickets</Tabs.Tab>
            <Tabs.Tab value="inventory">Device Inventory</Tabs.Tab>
            <Tabs.Tab value="assistant">AI Assistant</Tabs.Tab>
            <Tabs.Tab value="profile">Company Profile</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="tickets" pt="lg">
            <SupportTicketsTab
              user={user}
              tickets={tickets.data}
              loading={tickets.isPending}
              failed={tickets.isError}
              onRetry={() => void tickets.refetch()}
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
            <CompanyProfileTab profile={profile.data} failed={profile.isError} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
