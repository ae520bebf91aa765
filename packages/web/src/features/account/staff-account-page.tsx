import { AccountPage } from "./account-page";

/** /account: inside the staff portal's layout, whose menu leads everywhere else. */
export function StaffAccountPage() {
  return <AccountPage />;
}
