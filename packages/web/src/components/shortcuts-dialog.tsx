import { Kbd, Modal, Table } from "@mantine/core";

export interface ShortcutHelp {
  keys: string[];
  does: string;
}

/** The "?" dialog: the screen's single-key shortcuts (docs/architecture.md §18). */
export function ShortcutsDialog({
  opened,
  onClose,
  shortcuts,
}: {
  opened: boolean;
  onClose(): void;
  shortcuts: ShortcutHelp[];
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered>
      <Table>
        <TypingNote />
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key</Table.Th>
            <Table.Th>Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcuts.map(({ keys, does }) => (
            <Table.Tr key={does}>
              <Table.Td>
                {keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && " / "}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{does}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>
              <Kbd>?</Kbd>
            </Table.Td>
            <Table.Td>Show these shortcuts</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

function TypingNote() {
  return (
    <caption style={{ captionSide: "bottom", textAlign: "start", fontSize: "var(--mantine-font-size-sm)" }}>
      Shortcuts do nothing while you type in a field.
    </caption>
  );
}
