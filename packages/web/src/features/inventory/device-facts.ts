// The facts a check-in reports that have no typed column (docs/features.md §12), in words for the device's
// page. A fact the device did not report is left out, not shown as empty.
import type { ReportedFacts } from "@repo/validators";
import { formatExact } from "../../lib/format-date";

export interface FactLine {
  label: string;
  value: string;
}

/** A disk's size in GB (one decimal), TB past 1,000 GB: disks are sold in decimal units. */
export function formatDiskSize(bytes: number): string {
  const gb = bytes / 1e9;
  return gb >= 1000 ? `${(gb / 1000).toFixed(1)} TB` : `${gb.toFixed(1)} GB`;
}

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export function reportedFactLines(facts: ReportedFacts): FactLine[] {
  const lines: (FactLine | false | undefined)[] = [
    { label: "Hostname", value: facts.hostname },
    { label: "Operating system", value: facts.os },
    facts.osBuild !== undefined && { label: "OS build", value: facts.osBuild },
    facts.lastBoot !== undefined && { label: "Last boot", value: formatExact(facts.lastBoot) },
    facts.encryption && {
      label: "Encryption",
      value: `${facts.encryption.kind}, ${facts.encryption.enabled ? "on" : "off"}`,
    },
    facts.antivirus && {
      label: "Antivirus",
      value: `${facts.antivirus.name}, ${facts.antivirus.enabled ? "on" : "off"}`,
    },
    facts.antivirus?.signatureAgeDays !== undefined && {
      label: "Antivirus signatures",
      value: `${days(facts.antivirus.signatureAgeDays)} old`,
    },
    facts.lastUpdateAt !== undefined && { label: "Last update", value: formatExact(facts.lastUpdateAt) },
    facts.diskTotalBytes !== undefined && {
      label: "Disk",
      value:
        facts.diskFreeBytes !== undefined
          ? `${formatDiskSize(facts.diskFreeBytes)} free of ${formatDiskSize(facts.diskTotalBytes)}`
          : formatDiskSize(facts.diskTotalBytes),
    },
    facts.ipAddresses !== undefined &&
      facts.ipAddresses.length > 0 && {
        label: "IP addresses",
        value: facts.ipAddresses.join(", "),
      },
  ];
  return lines.filter((line): line is FactLine => Boolean(line));
}
