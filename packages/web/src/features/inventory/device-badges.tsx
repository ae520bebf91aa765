import { Badge, List, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import {
  DEVICE_COMPLIANCE_COLORS,
  DEVICE_COMPLIANCE_LABELS,
  DEVICE_NOT_ASSESSED_HINT,
  DEVICE_STATUS_COLORS,
  DEVICE_STATUS_LABELS,
  type Device,
  type DeviceStatus,
} from "@repo/validators";
import { useId } from "react";
import { formatDate } from "../../lib/format-date";

export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge color={DEVICE_STATUS_COLORS[status]} variant="light" tt="none" miw="max-content">
      {DEVICE_STATUS_LABELS[status]}
    </Badge>
  );
}

type ComplianceFields = Pick<Device, "compliance" | "complianceIssues">;

/** What the compliance badge explains: an At Risk device's reasons, or why a retired one is not assessed. */
function complianceNotes(device: ComplianceFields): string[] {
  if (device.compliance === "NOT_ASSESSED") return [DEVICE_NOT_ASSESSED_HINT];
  return device.complianceIssues;
}

/**
 * The server's compliance (docs/architecture.md §7): "Compliant" in green, "At Risk" in red, or, for a
 * RETIRED device, "Not assessed" in grey. At Risk says why, Not assessed what it means: in a tooltip on
 * hover, focus and touch, and as the badge's accessible description, so neither depends on colour or on
 * a pointer.
 */
export function ComplianceBadge({ device }: { device: ComplianceFields }) {
  const notesId = useId();
  const notes = complianceNotes(device);
  const props = {
    color: DEVICE_COMPLIANCE_COLORS[device.compliance],
    variant: "light",
    tt: "none",
    miw: "max-content",
    children: DEVICE_COMPLIANCE_LABELS[device.compliance],
  } as const;
  if (notes.length === 0) return <Badge {...props} />;
  return (
    <>
      <Tooltip
        label={<ComplianceNoteList notes={notes} />}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        maw={260}
        withArrow
      >
        <Badge {...props} component="button" type="button" aria-describedby={notesId} style={{ cursor: "help" }} />
      </Tooltip>
      <VisuallyHidden id={notesId}>{notes.join(". ")}</VisuallyHidden>
    </>
  );
}

function ComplianceNoteList({ notes }: { notes: string[] }) {
  if (notes.length === 1) return <Text size="sm">{notes[0]}</Text>;
  return (
    <List size="sm" c="inherit">
      {notes.map((note) => (
        <List.Item key={note}>{note}</List.Item>
      ))}
    </List>
  );
}

/** The same notes as visible text, where there is no pointer to hover with (the phone's cards). */
export function ComplianceNotes({ device }: { device: ComplianceFields }) {
  if (device.compliance === "COMPLIANT") return null;
  const text =
    device.compliance === "AT_RISK" ? `At risk: ${device.complianceIssues.join("; ")}` : DEVICE_NOT_ASSESSED_HINT;
  return (
    <Text size="xs" c={device.compliance === "AT_RISK" ? "red.9" : "dimmed"} data-testid="compliance-notes">
      {text}
    </Text>
  );
}

/** The warranty date, flagged when it ends within 30 days or has ended (docs/product-spec.md §9). */
export function WarrantyDate({ device }: { device: Device }) {
  const expired = device.warrantyExpiry !== null && device.warrantyExpiry < new Date().toISOString().slice(0, 10);
  return (
    <>
      <Text size="sm" c={device.warrantyExpiring ? "orange" : undefined} fw={device.warrantyExpiring ? 600 : undefined}>
        {formatDate(device.warrantyExpiry)}
      </Text>
      {device.warrantyExpiring && (
        <Badge color="orange" variant="light" size="xs" tt="none" miw="max-content">
          {expired ? "Expired" : "Expiring soon"}
        </Badge>
      )}
    </>
  );
}
