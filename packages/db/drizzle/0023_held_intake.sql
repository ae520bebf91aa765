ALTER TABLE "clients" ADD COLUMN "trusted_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reply_token" text;--> statement-breakpoint
-- Tickets from before: a token from two random UUIDs (244 random bits), as 64 hex digits.
UPDATE "tickets" SET "reply_token" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "reply_token" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_reply_token" ON "tickets" USING btree ("reply_token");--> statement-breakpoint
CREATE INDEX "tickets_reference" ON "tickets" USING btree (right("id"::text, 8));--> statement-breakpoint
CREATE INDEX "tickets_held" ON "tickets" USING btree ("created_at") WHERE "tickets"."held";