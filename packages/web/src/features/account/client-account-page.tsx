import { AccountPage } from "./account-page";

/** /client/account: the client portal has no menu, so the page leads back to the dashboard. */
export function ClientAccountPage() {
  return <AccountPage backTo="/client-dashboard" />;
}
