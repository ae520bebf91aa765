import { Badge } from "@mantine/core";
import { DEVICE_FLAG_COLORS, DEVICE_FLAG_LABELS, DEVICE_FLAGS, type Device } from "@repo/validators";

/** The check-in flags a device carries, as badges ("Stale", "Needs review"); nothing when it has none. */
export function DeviceFlagBadges({ device }: { device: Pick<Device, "stale" | "needsReview"> }) {
  return DEVICE_FLAGS.filter((flag) => device[flag]).map((flag) => (
    <Badge key={flag} color={DEVICE_FLAG_COLORS[flag]} variant="light" tt="none" miw="max-content">
      {DEVICE_FLAG_LABELS[flag]}
    </Badge>
  ));
}
