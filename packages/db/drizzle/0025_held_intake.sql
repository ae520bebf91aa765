ALTER TABLE "clients" ADD COLUMN "trusted_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reply_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_reply_token" ON "tickets" USING btree ("reply_token");--> statement-breakpoint
CREATE INDEX "tickets_reference" ON "tickets" USING btree (right("id"::text, 8));--> statement-breakpoint
CREATE INDEX "tickets_held" ON "tickets" USING btree ("created_at") WHERE "tickets"."held";