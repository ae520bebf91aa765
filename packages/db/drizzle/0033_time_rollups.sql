CREATE TABLE "time_client_days" (
	"work_date" date NOT NULL,
	"client_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"billable_minutes" integer NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "time_client_days_work_date_client_id_pk" PRIMARY KEY("work_date","client_id")
);
--> statement-breakpoint
CREATE TABLE "time_person_days" (
	"work_date" date NOT NULL,
	"user_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"billable_minutes" integer NOT NULL,
	"entries" integer NOT NULL,
	"unapproved_minutes" integer NOT NULL,
	"unapproved_entries" integer NOT NULL,
	CONSTRAINT "time_person_days_work_date_user_id_pk" PRIMARY KEY("work_date","user_id")
);
--> statement-breakpoint
CREATE TABLE "time_work_type_days" (
	"work_date" date NOT NULL,
	"work_type_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"billable_minutes" integer NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "time_work_type_days_work_date_work_type_id_pk" PRIMARY KEY("work_date","work_type_id")
);
--> statement-breakpoint
-- The report's unapproved line now reads time_person_days; nothing else read this index.
DROP INDEX "time_entries_unapproved";
--> statement-breakpoint
-- Hand-written from here (docs/decisions/0039-time-rollups-by-trigger.md): the triggers that keep the three
-- rollups equal to sums over time_entries, whatever writes the entries (the procedures, the timer, drafts,
-- merges, a deleted ticket, bulk SQL). Statement triggers with transition tables: one statement's rows
-- are summed per key and applied as one additive upsert per rollup row, in key order, so concurrent
-- writers add to the same row without losing a count and take its lock in the same order.
-- What one entry adds to the rollups (or takes away, with sign -1).
CREATE TYPE "time_entry_delta" AS (
	"work_date" date,
	"user_id" uuid,
	"client_id" uuid,
	"work_type_id" uuid,
	"minutes" integer,
	"billable_minutes" integer,
	"entries" integer,
	"unapproved_minutes" integer,
	"unapproved_entries" integer
);
--> statement-breakpoint
CREATE FUNCTION "time_entry_delta"(e "time_entries", sign integer) RETURNS "time_entry_delta"
LANGUAGE sql IMMUTABLE AS $$
	SELECT ROW(e.work_date, e.user_id, e.client_id, e.work_type_id,
		sign * e.minutes,
		sign * CASE WHEN e.billable THEN e.minutes ELSE 0 END,
		sign,
		sign * CASE WHEN e.approved_at IS NULL THEN e.minutes ELSE 0 END,
		sign * CASE WHEN e.approved_at IS NULL THEN 1 ELSE 0 END)::"time_entry_delta"
$$;
--> statement-breakpoint
-- Adds the deltas to each rollup, a key's deltas summed first (an ON CONFLICT update may touch a row once
-- per statement) and keys whose sums are all zero skipped (an edit of a note changes nothing here); then
-- deletes the rows left with no entries.
CREATE FUNCTION "time_rollups_add"(deltas "time_entry_delta"[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO time_person_days AS t (work_date, user_id, minutes, billable_minutes, entries, unapproved_minutes, unapproved_entries)
	SELECT d.work_date, d.user_id, sum(d.minutes), sum(d.billable_minutes), sum(d.entries), sum(d.unapproved_minutes), sum(d.unapproved_entries)
	FROM unnest(deltas) d
	GROUP BY d.work_date, d.user_id
	HAVING sum(d.minutes) <> 0 OR sum(d.billable_minutes) <> 0 OR sum(d.entries) <> 0
		OR sum(d.unapproved_minutes) <> 0 OR sum(d.unapproved_entries) <> 0
	ORDER BY d.work_date, d.user_id
	ON CONFLICT (work_date, user_id) DO UPDATE SET
		minutes = t.minutes + excluded.minutes,
		billable_minutes = t.billable_minutes + excluded.billable_minutes,
		entries = t.entries + excluded.entries,
		unapproved_minutes = t.unapproved_minutes + excluded.unapproved_minutes,
		unapproved_entries = t.unapproved_entries + excluded.unapproved_entries;
	DELETE FROM time_person_days t USING unnest(deltas) d
	WHERE t.work_date = d.work_date AND t.user_id = d.user_id AND t.entries = 0;

	INSERT INTO time_client_days AS t (work_date, client_id, minutes, billable_minutes, entries)
	SELECT d.work_date, d.client_id, sum(d.minutes), sum(d.billable_minutes), sum(d.entries)
	FROM unnest(deltas) d
	WHERE d.client_id IS NOT NULL
	GROUP BY d.work_date, d.client_id
	HAVING sum(d.minutes) <> 0 OR sum(d.billable_minutes) <> 0 OR sum(d.entries) <> 0
	ORDER BY d.work_date, d.client_id
	ON CONFLICT (work_date, client_id) DO UPDATE SET
		minutes = t.minutes + excluded.minutes,
		billable_minutes = t.billable_minutes + excluded.billable_minutes,
		entries = t.entries + excluded.entries;
	DELETE FROM time_client_days t USING unnest(deltas) d
	WHERE t.work_date = d.work_date AND t.client_id = d.client_id AND t.entries = 0;

	INSERT INTO time_work_type_days AS t (work_date, work_type_id, minutes, billable_minutes, entries)
	SELECT d.work_date, d.work_type_id, sum(d.minutes), sum(d.billable_minutes), sum(d.entries)
	FROM unnest(deltas) d
	GROUP BY d.work_date, d.work_type_id
	HAVING sum(d.minutes) <> 0 OR sum(d.billable_minutes) <> 0 OR sum(d.entries) <> 0
	ORDER BY d.work_date, d.work_type_id
	ON CONFLICT (work_date, work_type_id) DO UPDATE SET
		minutes = t.minutes + excluded.minutes,
		billable_minutes = t.billable_minutes + excluded.billable_minutes,
		entries = t.entries + excluded.entries;
	DELETE FROM time_work_type_days t USING unnest(deltas) d
	WHERE t.work_date = d.work_date AND t.work_type_id = d.work_type_id AND t.entries = 0;
END
$$;
--> statement-breakpoint
-- One function for the three triggers: an insert adds its rows, a delete takes its rows away, an update
-- takes the old rows away and adds the new ones (a changed date, person, company, work type, billable
-- flag, approval or duration moves the minutes). Each branch reads only the transition tables its event has.
CREATE FUNCTION "time_entries_roll_up"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM time_rollups_add(ARRAY(SELECT time_entry_delta(n, 1) FROM new_rows n));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM time_rollups_add(ARRAY(SELECT time_entry_delta(o, -1) FROM old_rows o));
	ELSE
		PERFORM time_rollups_add(ARRAY(
			SELECT time_entry_delta(n, 1) FROM new_rows n
			UNION ALL
			SELECT time_entry_delta(o, -1) FROM old_rows o));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "time_entries_roll_up_insert" AFTER INSERT ON "time_entries"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION time_entries_roll_up();
--> statement-breakpoint
CREATE TRIGGER "time_entries_roll_up_update" AFTER UPDATE ON "time_entries"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION time_entries_roll_up();
--> statement-breakpoint
CREATE TRIGGER "time_entries_roll_up_delete" AFTER DELETE ON "time_entries"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION time_entries_roll_up();
--> statement-breakpoint
CREATE FUNCTION "time_entries_truncate_rollups"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE time_person_days, time_client_days, time_work_type_days;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "time_entries_truncate_rollups" AFTER TRUNCATE ON "time_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION time_entries_truncate_rollups();
--> statement-breakpoint
-- The entries recorded before this migration.
SELECT time_rollups_add(ARRAY(SELECT time_entry_delta(e, 1) FROM time_entries e));
