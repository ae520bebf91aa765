import { AnchorLink } from "../../components/router-links";
import { trpc } from "../../lib/trpc";
import { currentMonth } from "./months";

/**
 * The way to the client's time by month, inside a page (not a dashboard tab: the spec fixes those): shown
 * only when the server says the company shows time to the client. `enabled`: ask only once it is seen
 * (the dashboard keeps every tab mounted).
 */
export function ClientTimeLink({ enabled = true }: { enabled?: boolean }) {
  const month = currentMonth();
  const summary = trpc.time.clientMonth.useQuery({ month }, { enabled, retry: false });
  if (!summary.data?.shown) return null;
  return (
    <AnchorLink to="/client/time" search={{ month }} size="sm">
      See your company's time by month
    </AnchorLink>
  );
}
