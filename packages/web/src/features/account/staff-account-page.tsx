import { Group } from "@mantine/core";
import { AnchorLink } from "../../components/router-links";
import { readStoredUser } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { AccountPage } from "./account-page";

/**
 * /account: inside the staff portal's layout, whose menu leads everywhere else; the timesheet and billing
 * from here. Billing shows once the server answers its settings: an agent is refused them unless the billing
 * settings let agents see money.
 */
export function StaffAccountPage() {
  const records = readStoredUser()?.role !== "VIEWER";
  const money = trpc.billing.settings.useQuery(undefined, { retry: false });
  if (!records && !money.isSuccess) return <AccountPage />;
  return (
    <AccountPage
      extra={
        <Group gap="lg">
          {records && <AnchorLink to="/time">My timesheet</AnchorLink>}
          {money.isSuccess && <AnchorLink to="/billing">Billing</AnchorLink>}
        </Group>
      }
    />
  );
}
