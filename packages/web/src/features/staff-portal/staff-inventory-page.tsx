import { DeviceInventoryScreen } from "../inventory/device-inventory-screen";

/** /inventory: every client's devices with admin mode on (docs/product-spec.md §2): edit, delete, add, export, import. */
export function StaffInventoryPage() {
  return (
    <DeviceInventoryScreen
      description="Every client's devices: status, compliance and warranty."
      dashboard="/dashboard"
      adminMode
    />
  );
}
