import { CheckIcon, List, ThemeIcon, type ListProps } from "@mantine/core";

interface CheckListProps extends Omit<ListProps, "children"> {
  items: readonly string[];
}

/** A list whose bullets are check marks: what a package includes, what a page offers. */
export function CheckList({ items, ...props }: CheckListProps) {
  return (
    <List
      spacing="sm"
      center
      icon={
        <ThemeIcon size={22} radius="xl" variant="light">
          <CheckIcon size={11} />
        </ThemeIcon>
      }
      {...props}
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
