import type { Device } from "@repo/validators";
import type { Company } from "./use-companies";

/** The dialogs that bring devices in (add, import). */
export interface DeviceIntakeDialogProps {
  opened: boolean;
  onClose(): void;
  /** Staff choose the company; a client always adds to its own (the server decides, not this list). */
  companies?: Company[];
}

/** The dialogs about one device (edit, delete): open while `device` is set. */
export interface DeviceDialogProps {
  device: Device | null;
  onClose(): void;
}
