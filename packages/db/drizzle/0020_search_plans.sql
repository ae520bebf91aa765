CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "tickets_status_priority_search_vector" ON "tickets" USING gin ("status","priority","search_vector");