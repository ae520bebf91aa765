// The shapes the staff portal reads, taken from the API's router so that a change there is a type error here.
import type { AppRouter } from "@repo/api";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type TicketListResult = Outputs["tickets"]["list"];
export type TicketListItem = TicketListResult["tickets"][number];
export type StaffTicket = Outputs["tickets"]["get"];
export type TicketComment = NonNullable<StaffTicket["comments"]>[number];
export type MetricsOverview = Outputs["metrics"]["overview"];
export type StaffTicketCreateInput = Inputs["tickets"]["create"];
