import { trpc } from "../../lib/trpc";

export interface Company {
  id: string;
  name: string;
}

/** The companies staff may add or import devices for; admin mode only (a client's company is implied). */
export function useCompanies(enabled: boolean): Company[] | undefined {
  const companies = trpc.clients.list.useQuery(undefined, { enabled });
  return enabled ? companies.data?.clients : undefined;
}
