// The staff's enquiry inbox: enquiries newest first, as numbered pages or after a cursor (docs/performance.md §4).
import { count, type DbExecutor, enquiries } from "@repo/db";
import { assertCursor, byCreation, pageOf } from "../lib/keyset.js";
import { enquiryOut } from "./serialize.js";

/** Newest first, the id breaking ties (keyset pages neither lose nor repeat an enquiry; docs/performance.md §4). */
const ENQUIRY_ORDER = byCreation(enquiries, "desc");

/** `limit` enquiries after `cursor`, or (without one) after skipping `offset` of them. */
async function enquiryRows(db: DbExecutor, query: { cursor?: string; limit: number; offset: number }) {
  if (query.cursor !== undefined) await assertCursor(db, enquiries, query.cursor, undefined, "enquiries");
  const rows = await db
    .select()
    .from(enquiries)
    .where(query.cursor === undefined ? undefined : ENQUIRY_ORDER.after(query.cursor))
    .orderBy(...ENQUIRY_ORDER.orderBy)
    .limit(query.limit + 1)
    .offset(query.cursor === undefined ? query.offset : 0);
  return pageOf(rows, query.limit, (row) => row.id);
}

const countEnquiries = async (db: DbExecutor) => (await db.select({ n: count() }).from(enquiries))[0]?.n ?? 0;

/**
 * A numbered page of enquiries, newest first; with `cursor`, the `pageSize` enquiries after it instead,
 * which stays quick however far down the list it is (docs/performance.md §4).
 */
export async function listEnquiries(db: DbExecutor, query: { cursor?: string; page: number; pageSize: number }) {
  const [{ rows }, total] = await Promise.all([
    enquiryRows(db, { cursor: query.cursor, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countEnquiries(db),
  ]);
  return { enquiries: rows.map(enquiryOut), total, page: query.page, pageSize: query.pageSize };
}

/** The `limit` enquiries after `cursor` (or the newest), the next cursor, and how many there are. */
export async function enquiryPage(db: DbExecutor, query: { cursor?: string; limit: number }) {
  const [{ rows, nextCursor }, total] = await Promise.all([
    enquiryRows(db, { ...query, offset: 0 }),
    countEnquiries(db),
  ]);
  return { enquiries: rows.map(enquiryOut), nextCursor, total };
}
