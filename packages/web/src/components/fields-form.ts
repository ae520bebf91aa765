import type { GetInputPropsReturnType } from "@mantine/form";

/**
 * The part of a Mantine form that a shared block of inputs uses: any form holding the named fields fits,
 * whatever else it holds, so the block does not care which schema the form validates against.
 */
export interface FieldsForm<Name extends string> {
  key(path: Name): string;
  getInputProps(path: Name): GetInputPropsReturnType;
}
