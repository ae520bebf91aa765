import { DEVICE_MANAGEMENT_PLATFORMS } from "@repo/validators";
import { ServiceHero } from "./service-hero";

export function DeviceManagementPage() {
  return (
    <ServiceHero title="Device Management">
      One-time setup and ongoing monitoring for your team's {DEVICE_MANAGEMENT_PLATFORMS.join(", ")} devices.
    </ServiceHero>
  );
}
