import { InputBase, type InputBaseProps } from "@mantine/core";
import type { ComponentPropsWithoutRef } from "react";

type PlainTextareaProps = InputBaseProps & Omit<ComponentPropsWithoutRef<"textarea">, keyof InputBaseProps>;

/**
 * A multi-line field with a fixed number of rows, looking exactly like Mantine's Textarea: Mantine's own
 * recipe (InputBase as a textarea) without the autosize code that Textarea always brings to the page.
 */
export function PlainTextarea(props: PlainTextareaProps) {
  return <InputBase component="textarea" multiline __staticSelector="Textarea" {...props} />;
}
