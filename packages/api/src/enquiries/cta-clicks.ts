// First-party counts of "Get a quote" clicks per service and Toronto day: no cookies, nothing about the
// visitor. The public beacon counts them; the staff metrics read them.
import { ctaClicks, type DbExecutor, gte, sql } from "@repo/db";
import { localDate, localDateAfter } from "../sla/calendar.js";

/** One click for today (Toronto). */
export async function countCtaClick(db: DbExecutor, service: string, now = new Date()): Promise<void> {
  await db
    .insert(ctaClicks)
    .values({ service, day: localDate(now), count: 1 })
    .onConflictDoUpdate({
      target: [ctaClicks.service, ctaClicks.day],
      set: { count: sql`${ctaClicks.count} + 1` },
    });
}

/** The clicks of the last `days` Toronto days: per service, most clicked first, and per day and service. */
export async function ctaClickCounts(db: DbExecutor, days: number, now = new Date()) {
  const firstDay = localDateAfter(now, -(days - 1));
  const rows = await db
    .select()
    .from(ctaClicks)
    .where(gte(ctaClicks.day, firstDay))
    .orderBy(ctaClicks.day, ctaClicks.service);
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.service, (totals.get(r.service) ?? 0) + r.count);
  return {
    totals: [...totals].map(([service, n]) => ({ service, count: n })).sort((a, b) => b.count - a.count),
    days: rows.map((r) => ({ day: r.day, service: r.service, count: r.count })),
  };
}
