-- A webhook event is leased by the worker that sends it, and its deliveries are written once, as they
-- ended, in the statement that deletes it (docs/decisions/0064-deliveries-written-once.md).
ALTER TABLE "webhook_events" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;