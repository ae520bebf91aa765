import { Alert, Text } from "@mantine/core";
import { incidentHasBegun } from "@repo/validators";
import { AnchorLink } from "../../components/router-links";
import { trpc } from "../../lib/trpc";

/**
 * On the client dashboard while an incident affects the company (docs/features.md §18): what is wrong and
 * the way to the company's service status. Not a tab nor a header link: the spec fixes those. Nothing at
 * all while no incident is open, or when the question fails (the dashboard works without it).
 */
export function ClientIncidentBanner() {
  const open = trpc.incidents.list.useQuery({ open: "true" }, { retry: false });
  const now = new Date();
  const begun = (open.data ?? []).filter((i) => incidentHasBegun(i, now));
  if (begun.length === 0) return null;
  const title = begun.length === 1 ? begun[0]!.title : `${begun.length} incidents affect your services`;
  return (
    <Alert color="orange" title={title} data-testid="incident-banner">
      <Text size="sm">
        We know about it and are working on it; there is no need to open a ticket.{" "}
        <AnchorLink to="/client/status" size="sm">
          See your service status
        </AnchorLink>
      </Text>
    </Alert>
  );
}
