import { Text, Title, type TitleOrder } from "@mantine/core";
import type { ReactNode } from "react";

interface HeadingWithTextProps {
  /** The heading's level in the page's outline, and the size it is shown at (one step smaller). */
  order: TitleOrder;
  size: "h2" | "h4";
  title: ReactNode;
  text: string;
}

/** A heading over a dimmed sentence: a sign-in card's title, a home page reason, a package's step. */
export function HeadingWithText({ order, size, title, text }: HeadingWithTextProps) {
  return (
    <>
      <Title order={order} size={size}>
        {title}
      </Title>
      <Text c="dimmed" mt="xs">
        {text}
      </Text>
    </>
  );
}
