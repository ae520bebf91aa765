import { DeviceInventoryScreen } from "../inventory/device-inventory-screen";

export function ClientInventoryPage() {
  return (
    <DeviceInventoryScreen
      description="Every device your company has with us: who uses it, its status, compliance and warranty."
      dashboard="/client-dashboard"
      adminMode={false}
    />
  );
}
