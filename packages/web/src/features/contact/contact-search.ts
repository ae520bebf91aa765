/** Query parameters of /contact (docs/product-spec.md §2): `service` preselects a service, `ref` records the origin. */
export interface ContactSearch {
  service?: string;
  ref?: string;
}

/** Keeps only string values, so a malformed link still opens the form. */
export function parseContactSearch(search: Record<string, unknown>): ContactSearch {
  const result: ContactSearch = {};
  if (typeof search.service === "string" && search.service) result.service = search.service;
  if (typeof search.ref === "string" && search.ref) result.ref = search.ref;
  return result;
}
