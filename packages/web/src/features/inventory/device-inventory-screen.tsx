import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { ButtonLink } from "../../components/router-links";
import { readStoredUser } from "../../lib/auth-storage";
import { filtersFromSearch, searchFromFilters } from "./device-filters";
import { DeviceInventory } from "./device-inventory";

const STAFF_ROUTE = getRouteApi("/_staff-portal/inventory");
const CLIENT_ROUTE = getRouteApi("/_client-portal/client/inventory");

interface DeviceInventoryScreenProps {
  description: string;
  /** The portal's dashboard, which the "Back to Dashboard" link returns to. */
  dashboard: "/client-dashboard" | "/dashboard";
  adminMode: boolean;
}

/**
 * The Device Inventory page of either portal (docs/product-spec.md §2): heading, back link, the inventory,
 * whose filters are the page's URL. A change replaces the history entry (as the dashboard's filters do), so
 * Back leaves the page rather than stepping through every keystroke, and returns to it as it was left.
 */
export function DeviceInventoryScreen({ description, dashboard, adminMode }: DeviceInventoryScreenProps) {
  // adminMode never changes for a mounted page (each portal renders its own), so the hooks' order is fixed.
  const route = adminMode ? STAFF_ROUTE : CLIENT_ROUTE;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Device Inventory</Title>
            <Text c="dimmed" mt="xs">
              {description}
            </Text>
          </div>
          <Group gap="xs">
            {/* The check-in thresholds are an ADMIN's setting (docs/features.md §12). */}
            {adminMode && readStoredUser()?.role === "ADMIN" && (
              <ButtonLink to="/settings/checkin" variant="subtle">
                Check-in settings
              </ButtonLink>
            )}
            <ButtonLink to={dashboard} variant="default">
              Back to Dashboard
            </ButtonLink>
          </Group>
        </Group>
        <DeviceInventory
          adminMode={adminMode}
          filters={filtersFromSearch(search)}
          onFiltersChange={(change) =>
            // Applied to the URL as it is when the navigation runs, not as this render saw it.
            void navigate({ search: (current) => searchFromFilters(change(filtersFromSearch(current))), replace: true })
          }
        />
      </Stack>
    </Container>
  );
}
