import { Stack, Table } from "@mantine/core";
import { QueryStates } from "../../components/query-states";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import { formatExact } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { formatDiskSize } from "./device-facts";

/** A device's check-ins of the last 90 days, newest first, a page at a time (GET /api/devices/{id}/history). */
export function DeviceHistoryTable({ deviceId }: { deviceId: string }) {
  const history = trpc.devices.history.useInfiniteQuery({ id: deviceId }, { getNextPageParam: nextCursorOf });
  const checkins = history.data?.pages.flatMap((page) => page.checkins);
  return (
    <QueryStates
      query={{ ...history, data: checkins }}
      texts={{
        loading: "Loading check-ins",
        error: "The check-ins could not be loaded.",
        empty: "No check-ins in the last 90 days.",
      }}
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={480} type="native">
            <Table striped verticalSpacing="xs" data-testid="checkin-history">
              <caption style={{ captionSide: "top", textAlign: "left" }}>Check-ins, newest first</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reported</Table.Th>
                  <Table.Th>Operating system</Table.Th>
                  <Table.Th>Signed-in user</Table.Th>
                  <Table.Th>Disk free</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((checkin) => (
                  <Table.Tr key={checkin.id}>
                    <Table.Td>{formatExact(checkin.reportedAt)}</Table.Td>
                    <Table.Td>{checkin.facts.os}</Table.Td>
                    <Table.Td>{checkin.facts.signedInUser ?? "—"}</Table.Td>
                    <Table.Td>
                      {checkin.facts.diskFreeBytes === undefined ? "—" : formatDiskSize(checkin.facts.diskFreeBytes)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ShowMoreButton list={history} label="Show more check-ins" />
        </Stack>
      )}
    </QueryStates>
  );
}
