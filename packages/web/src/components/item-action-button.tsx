import { Button } from "@mantine/core";

interface ItemActionButtonProps {
  /** The button's text, e.g. "Edit". */
  action: string;
  /** The item's name as a person tells the items apart (a company's name, a serial number). */
  item: string;
  onClick(): void;
  color?: string;
}

/**
 * A small button acting on one item of a list. A list shows many "Edit" buttons, so its accessible name
 * also says which item: "Edit Acme Dental".
 */
export function ItemActionButton({ action, item, onClick, color }: ItemActionButtonProps) {
  return (
    <Button size="xs" variant="light" color={color} onClick={onClick} aria-label={`${action} ${item}`}>
      {action}
    </Button>
  );
}
