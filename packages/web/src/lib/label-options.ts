/** A select's options from a labels table of @repo/validators, in the table's order. */
export function labelOptions<T extends string>(labels: Record<T, string>): { value: T; label: string }[] {
  return (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
}
