// Which tickets a scope reaches. A company reaches its own tickets except those held for review: a held
// ticket came from a sender nobody vouched for and is the staff's alone until they accept it (docs/
// decisions/0027-held-intake.md), so the portal's lists, pages, counts and the assistant never see it.
import { and, eq, type SQL, tickets } from "@repo/db";
import type { Scope } from "../auth/scope.js";

/** The ticket filter of a query's WHERE clause: companyFilter for tickets, without the held ones for a company. */
export const ticketsInScope = (scope: Scope): SQL | undefined =>
  scope.kind === "company" ? and(eq(tickets.clientId, scope.clientId), eq(tickets.held, false)) : undefined;

/** Tickets that count (metrics, views, reports, the SLA clock): every one but the held. */
export const notHeld = eq(tickets.held, false);
