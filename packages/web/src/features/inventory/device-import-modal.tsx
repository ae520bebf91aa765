import { Alert, Anchor, Badge, Button, FileInput, Group, List, Loader, Modal, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { DEVICE_IMPORT_COLUMNS, type DeviceImportResult } from "@repo/validators";
import { useRef, useState } from "react";
import { ColumnHeads } from "../../components/column-heads";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { CompanySelect } from "./company-select";
import type { DeviceIntakeDialogProps } from "./device-dialog-props";

/** Served by the API from the import's own column list (packages/api/src/devices/csv.ts). */
export const DEVICE_IMPORT_TEMPLATE_URL = "/api/devices/import-template.csv";

/**
 * CSV import (docs/architecture.md §7): choosing a file checks it at once (a dry run: every row validated and
 * reported, nothing written). Import is enabled only for a file whose check passed, for the company it was
 * checked for; it applies every row in one go, upserting by serial number. Once the import is complete only
 * Done is left, so the same file cannot be imported twice by a second click.
 */
export function DeviceImportModal({ opened, onClose, companies }: DeviceIntakeDialogProps) {
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [clientId, setClientId] = useState<string | null>(null);
  const [result, setResult] = useState<DeviceImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [companyMissing, setCompanyMissing] = useState(false);
  const importDevices = trpc.devices.import.useMutation();
  // Only the latest run may report: a check of a file chosen before another must not answer for it.
  const latestRun = useRef(0);

  const close = () => {
    latestRun.current += 1;
    setFile(null);
    setClientId(null);
    setResult(null);
    setProblem(null);
    setCompanyMissing(false);
    importDevices.reset();
    onClose();
  };

  async function run(dryRun: boolean, chosen: File | null, company: string | null) {
    const runId = ++latestRun.current;
    setProblem(null);
    setResult(null);
    if (!chosen) return;
    // Staff check a file for a company: the one it would go into. The check runs once one is chosen.
    if (companies && !company) return setCompanyMissing(true);
    try {
      const csv = await chosen.text();
      const report = await importDevices.mutateAsync({ csv, dryRun, ...(company ? { clientId: company } : {}) });
      if (runId !== latestRun.current) return;
      setResult(report);
      if (report.applied) {
        notifications.show({
          title: "Devices imported",
          message: `${report.created} added, ${report.updated} updated${unchangedPart(report)}.`,
          color: "green",
        });
        await utils.devices.invalidate();
      }
    } catch (error) {
      if (runId !== latestRun.current) return;
      setProblem(serverMessage(error, "Failed to import devices"));
    }
  }

  // A report speaks of the file and company it checked: choosing another checks again.
  const chooseFile = (value: File | null) => {
    setFile(value);
    void run(true, value, clientId);
  };
  const chooseCompany = (value: string | null) => {
    setClientId(value);
    setCompanyMissing(false);
    if (file) void run(true, file, value);
  };

  const done = result?.applied === true;
  const checking = importDevices.isPending && importDevices.variables?.dryRun === true;
  const importing = importDevices.isPending && importDevices.variables?.dryRun === false;
  const canImport = file !== null && result?.dryRun === true && result.failed === 0 && !importDevices.isPending;

  return (
    <Modal opened={opened} onClose={close} title="Import Devices from CSV" size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          One device per row with a header row. Columns: {DEVICE_IMPORT_COLUMNS.join(", ")}. Only the serial number is
          required; a serial number already in the inventory updates that device, and one another company holds is
          refused.{" "}
          {companies
            ? "A row with a clientName goes to that company; a row without one goes to the company chosen here."
            : "A clientName, if given, must be your company's name."}{" "}
          A file exported from this page imports back unchanged. The file is checked as soon as you choose it; Import
          applies it once every row is valid.
        </Text>
        <Anchor href={DEVICE_IMPORT_TEMPLATE_URL} download="devices-template.csv" size="sm" w="fit-content">
          Download template (CSV)
        </Anchor>
        {companies && (
          <CompanySelect
            companies={companies}
            value={clientId}
            onChange={chooseCompany}
            disabled={done}
            error={companyMissing ? "Please select a client" : undefined}
          />
        )}
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={chooseFile}
          clearable={!done}
          disabled={done}
        />
        {checking && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Checking the file...</Text>
          </Group>
        )}
        {problem && (
          <Alert color="red" title="The file cannot be imported">
            {problem}
          </Alert>
        )}
        {result && <ImportReport result={result} />}
        <Group justify="flex-end">
          {done ? (
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => run(false, file, clientId)} loading={importing} disabled={!canImport}>
                Import
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

const ROW_STATUS = {
  created: { label: "New", color: "green" },
  updated: { label: "Update", color: "blue" },
  unchanged: { label: "Unchanged", color: "gray" },
  error: { label: "Error", color: "red" },
} as const;

/** Rows that hold a device's values already: named only when there are some (a round trip's whole file). */
const unchangedPart = (result: DeviceImportResult) => (result.unchanged > 0 ? `, ${result.unchanged} unchanged` : "");

function ImportReport({ result }: { result: DeviceImportResult }) {
  const summary = `${result.created} new, ${result.updated} to update${unchangedPart(result)}, ${result.failed} with errors`;
  return (
    <Stack gap="xs" data-testid="import-report">
      {result.applied ? (
        <Alert color="green" title="Import complete">
          {result.created} added, {result.updated} updated{unchangedPart(result)}.
        </Alert>
      ) : result.failed > 0 ? (
        <Alert color="red" title="Nothing was imported">
          {summary}. Fix the rows below and choose the file again: it is imported only when every row is valid.
        </Alert>
      ) : (
        <Alert color="blue" title="The file is valid">
          {summary}. Press Import to apply it.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={500} mah={320}>
        <Table striped aria-label="Rows of the file">
          <ColumnHeads labels={["Row", "Serial Number", "Result", "Problems"]} />
          <Table.Tbody>
            {result.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td ff="monospace">{row.serialNumber ?? "—"}</Table.Td>
                <Table.Td>
                  <Badge color={ROW_STATUS[row.status].color} variant="light">
                    {ROW_STATUS[row.status].label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {row.errors.length > 0 && (
                    <List size="sm">
                      {row.errors.map((message) => (
                        <List.Item key={message}>{message}</List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
