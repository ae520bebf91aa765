CREATE TABLE "sso_states" (
	"id" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"provider" text NOT NULL,
	"portal" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sso_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sso_states_expires_at_index" ON "sso_states" USING btree ("expires_at");