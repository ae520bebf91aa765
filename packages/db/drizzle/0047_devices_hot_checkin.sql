DROP INDEX "devices_facts_at_index";--> statement-breakpoint
-- Hand-written (drizzle has no table storage parameters): room on each page for a check-in's new row
-- version, so that its update stays on the page (HOT) and writes no index. Pages written from now on.
ALTER TABLE "devices" SET (fillfactor = 80);
