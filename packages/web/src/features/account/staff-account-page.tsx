import { Group, Stack, Text } from "@mantine/core";
import { AnchorLink } from "../../components/router-links";
import { readStoredUser } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { AccountPage } from "./account-page";

/**
 * /account: inside the staff portal's layout, whose menu leads everywhere else; the timesheet and billing
 * from here. Billing shows once the server answers its settings: an agent is refused them unless the billing
 * settings let agents see money. Every staff role reaches the incidents and the knowledge base (a VIEWER to read). An ADMIN also gets the "Integrations and automation" screens (issue 39).
 */
export function StaffAccountPage() {
  const role = readStoredUser()?.role;
  const records = role !== "VIEWER";
  const money = trpc.billing.settings.useQuery(undefined, { retry: false });
  return (
    <AccountPage
      extra={
        <Stack gap="sm">
          <Group gap="lg">
            {records && <AnchorLink to="/time">My timesheet</AnchorLink>}
            {money.isSuccess && <AnchorLink to="/billing">Billing</AnchorLink>}
            <AnchorLink to="/incidents">Incidents</AnchorLink>
            <AnchorLink to="/knowledge">Knowledge base</AnchorLink>
            <AnchorLink to="/settings/website">Website</AnchorLink>
          </Group>
          {role === "ADMIN" && (
            <Stack gap={4} component="nav" aria-label="Integrations and automation">
              <Text fw={600} size="sm">
                Integrations and automation
              </Text>
              <Group gap="lg">
                <AnchorLink to="/automation/rules">Automation rules</AnchorLink>
                <AnchorLink to="/settings/webhooks">Webhooks</AnchorLink>
                <AnchorLink to="/settings/api-keys">API keys</AnchorLink>
                <AnchorLink to="/automation/recurring">Recurring tickets</AnchorLink>
              </Group>
            </Stack>
          )}
        </Stack>
      }
    />
  );
}
