ALTER TABLE "passkeys" ADD COLUMN "added_ip" text;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "added_user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "added_ip" text;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "added_user_agent" text;