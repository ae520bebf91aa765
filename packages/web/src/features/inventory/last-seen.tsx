import type { Device } from "@repo/validators";
import { TimeAgo } from "../../components/time-ago";

/**
 * When the device last checked in by itself: relative, the exact time on hover (TimeAgo's title); "Never"
 * for a device only ever typed in (its "Last Check-in" date, if any, was typed too).
 */
export function LastSeen({ device }: { device: Pick<Device, "factsAt"> }) {
  return device.factsAt ? <TimeAgo iso={device.factsAt} /> : <span>Never</span>;
}
