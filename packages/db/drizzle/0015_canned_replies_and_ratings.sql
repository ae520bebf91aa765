CREATE TYPE "public"."satisfaction_rating" AS ENUM('good', 'bad');--> statement-breakpoint
CREATE TABLE "canned_replies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_links" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ticket_id" uuid NOT NULL,
	"resolved_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "satisfaction_ratings" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"agent_id" uuid,
	"rating" "satisfaction_rating" NOT NULL,
	"comment" text,
	"source" "ticket_source" NOT NULL,
	"rated_by" uuid,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_links" ADD CONSTRAINT "rating_links_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_ratings" ADD CONSTRAINT "satisfaction_ratings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_ratings" ADD CONSTRAINT "satisfaction_ratings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_ratings" ADD CONSTRAINT "satisfaction_ratings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_ratings" ADD CONSTRAINT "satisfaction_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canned_replies_author_id_index" ON "canned_replies" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "canned_replies_shared_index" ON "canned_replies" USING btree ("shared");--> statement-breakpoint
CREATE INDEX "rating_links_expires_at_index" ON "rating_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rating_links_ticket_id_index" ON "rating_links" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "satisfaction_ratings_rated_at_index" ON "satisfaction_ratings" USING btree ("rated_at");--> statement-breakpoint
CREATE INDEX "satisfaction_ratings_client_id_rated_at_index" ON "satisfaction_ratings" USING btree ("client_id","rated_at");--> statement-breakpoint
CREATE INDEX "satisfaction_ratings_agent_id_rated_at_index" ON "satisfaction_ratings" USING btree ("agent_id","rated_at");