import { readStoredUser } from "../../lib/auth-storage";
import { AnchorLink } from "../../components/router-links";
import { AccountPage } from "./account-page";

/** /account: inside the staff portal's layout, whose menu leads everywhere else; the timesheet from here. */
export function StaffAccountPage() {
  const records = readStoredUser()?.role !== "VIEWER";
  return <AccountPage extra={records ? <AnchorLink to="/time">My timesheet</AnchorLink> : undefined} />;
}
