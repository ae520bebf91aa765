DROP INDEX "tickets_priority_created_at_index";--> statement-breakpoint
CREATE INDEX "tickets_priority_created_at_index" ON "tickets" USING btree ("priority","created_at" DESC NULLS FIRST);