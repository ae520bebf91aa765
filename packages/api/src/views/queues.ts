// The agent desk's built-in queues (docs/architecture.md §18): each view is a WHERE clause over open
// tickets, used by the staff list and by the counts of the side list. The counts are one statement, one
// capped subquery per view, so the side list costs one round trip.
import { and, asc, desc, eq, isNull, type Placeholder, sql, tickets, type DbExecutor, type SQL } from "@repo/db";
import { quantityPer, TICKET_VIEWS, type TicketSort, type TicketView, VIEW_COUNT_CAP } from "@repo/validators";
import type { z } from "zod";
import { openTickets, overdueAt } from "../sla/queries.js";

/** Who is asking and when: "My open tickets" are the caller's, "Overdue" is overdue now. */
export interface ViewerContext {
  userId: string;
  now: Date;
}

/** The same, or placeholders for them in a statement built once (the staff list's, tickets/queries.ts). */
export type ViewerValues = { [K in keyof ViewerContext]: ViewerContext[K] | Placeholder };

/**
 * Each view's condition. "At risk" reads the SLA state that writes and the 60-second sweep keep current
 * (docs/architecture.md §9), so it is indexed SQL rather than the clock arithmetic of the metrics card;
 * "Overdue" is the metrics card's own condition, exact to the second.
 */
const VIEW_WHERE: Record<TicketView, (who: ViewerValues) => SQL> = {
  mine: ({ userId }) => and(openTickets, eq(tickets.assigneeId, userId))!,
  unassigned: () => and(openTickets, isNull(tickets.assigneeId))!,
  "at-risk": () => and(openTickets, eq(tickets.slaState, "at_risk"))!,
  overdue: ({ now }) => overdueAt(now),
  waiting: () => eq(tickets.status, "WAITING_CUSTOMER"),
  open: () => openTickets,
};

export const viewWhere = (view: TicketView, who: ViewerValues): SQL => VIEW_WHERE[view](who);

/** GET /api/views/counts: each built-in view's count, VIEW_COUNT_CAP + 1 meaning "more than the cap". */
export const viewCountsSchema = quantityPer(TICKET_VIEWS);
export type ViewCounts = z.infer<typeof viewCountsSchema>;

/**
 * Every built-in view's count in one statement, each counted up to VIEW_COUNT_CAP + 1 (meaning "more than
 * the cap"): a scalar subquery per view that stops at the cap, over the index that view's filter uses, so
 * a desk of a million tickets counts in milliseconds rather than reading every open ticket.
 */
export async function countViews(db: DbExecutor, who: ViewerContext): Promise<ViewCounts> {
  const columns = Object.fromEntries(
    TICKET_VIEWS.map((view) => [
      view,
      sql<number>`(select count(*) from (select 1 from ${tickets} where ${openTickets} and ${viewWhere(view, who)}
        limit ${VIEW_COUNT_CAP + 1}) as counted)`.mapWith(Number),
    ]),
  ) as Record<TicketView, SQL<number>>;
  const [row] = await db.select(columns).from(sql`(values (1)) as one (x)`);
  return Object.fromEntries(TICKET_VIEWS.map((view) => [view, row?.[view] ?? 0])) as ViewCounts;
}

/** The list's order: newest first by default (docs/product-spec.md §2), or one of the desk's sorts. */
export function ticketOrder(sort: TicketSort | undefined): SQL[] {
  switch (sort) {
    case "priority":
      // The enum's order is P1, P2, P3, P4: most urgent first.
      return [asc(tickets.priority), desc(tickets.createdAt), desc(tickets.id)];
    case "sla":
      return [sql`${tickets.resolutionDueAt} asc nulls last`, asc(tickets.id)];
    case "updated":
      return [desc(tickets.updatedAt), desc(tickets.id)];
    default:
      return [desc(tickets.createdAt), desc(tickets.id)];
  }
}
