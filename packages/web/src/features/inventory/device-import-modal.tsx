import { Alert, Badge, Button, FileInput, Group, List, Modal, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { DeviceImportResult } from "@repo/validators";
import { useState } from "react";
import { ColumnHeads } from "../../components/column-heads";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { CompanySelect } from "./company-select";
import type { DeviceIntakeDialogProps } from "./device-dialog-props";

/** The columns the import reads, as the export writes them (packages/api/src/devices/csv.ts). */
const CSV_COLUMNS =
  "assignedUser, email, deviceType, platform, model, serialNumber, assetTag, status, location, purchaseDate, warrantyExpiry, lastCheckIn, encryptionEnabled, notes";

/**
 * CSV import (docs/architecture.md): every row is checked and reported; the file is applied only when all rows are
 * valid, upserting by serial number. "Check file" validates without writing.
 */
export function DeviceImportModal({ opened, onClose, companies }: DeviceIntakeDialogProps) {
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [clientId, setClientId] = useState<string | null>(null);
  const [result, setResult] = useState<DeviceImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importDevices = trpc.devices.import.useMutation();

  const close = () => {
    setFile(null);
    setResult(null);
    setProblem(null);
    importDevices.reset();
    onClose();
  };

  // A report speaks of the file it checked: another file clears it (and with it an applied import's
  // disabled Import button).
  const chooseFile = (value: File | null) => {
    setFile(value);
    setResult(null);
  };

  async function run(dryRun: boolean) {
    setProblem(null);
    if (!file) return setProblem("Choose a CSV file first.");
    if (companies && !clientId) return setProblem("Please select a client");
    try {
      const csv = await file.text();
      const report = await importDevices.mutateAsync({ csv, dryRun, ...(clientId ? { clientId } : {}) });
      setResult(report);
      if (report.applied) {
        notifications.show({
          title: "Devices imported",
          message: `${report.created} added, ${report.updated} updated.`,
          color: "green",
        });
        await utils.devices.invalidate();
      }
    } catch (error) {
      setResult(null);
      setProblem(serverMessage(error, "Failed to import devices"));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Import Devices from CSV" size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          One device per row with a header row. Columns: {CSV_COLUMNS}. Only the serial number is required; a serial
          number already in the inventory updates that device. A file exported from this page imports back unchanged.
        </Text>
        {companies && <CompanySelect companies={companies} value={clientId} onChange={setClientId} />}
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={chooseFile}
          clearable
        />
        {problem && (
          <Alert color="red" title="Import failed">
            {problem}
          </Alert>
        )}
        {result && <ImportReport result={result} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {result?.applied ? "Done" : "Cancel"}
          </Button>
          <Button
            variant="light"
            onClick={() => run(true)}
            loading={importDevices.isPending && importDevices.variables?.dryRun === true}
          >
            Check file
          </Button>
          <Button
            onClick={() => run(false)}
            loading={importDevices.isPending && importDevices.variables?.dryRun === false}
            disabled={result?.applied}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const ROW_STATUS = {
  created: { label: "New", color: "green" },
  updated: { label: "Update", color: "blue" },
  error: { label: "Error", color: "red" },
} as const;

function ImportReport({ result }: { result: DeviceImportResult }) {
  const summary = `${result.created} new, ${result.updated} to update, ${result.failed} with errors`;
  return (
    <Stack gap="xs" data-testid="import-report">
      {result.applied ? (
        <Alert color="green" title="Import complete">
          {result.created} added, {result.updated} updated.
        </Alert>
      ) : result.failed > 0 ? (
        <Alert color="red" title="Nothing was imported">
          {summary}. Fix the rows below and try again: the file is imported only when every row is valid.
        </Alert>
      ) : (
        <Alert color="blue" title="The file is valid">
          {summary}. Press Import to apply it.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={500} mah={320}>
        <Table striped>
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
