import { screen, within } from "@testing-library/react";
import { expect } from "vitest";

/** The rows of the table named `name` (its aria-label) once it shows, without the row of column heads. */
export async function tableRows(name: string): Promise<HTMLElement[]> {
  const table = await screen.findByRole("table", { name });
  return within(table).getAllByRole("row").slice(1);
}

/** Each of `texts` shows in `row`. */
export function expectRowSays(row: HTMLElement | undefined, ...texts: string[]) {
  for (const text of texts) expect(within(row!).getByText(text)).toBeTruthy();
}
