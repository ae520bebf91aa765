CREATE TABLE "ticket_cc" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"email" text NOT NULL,
	"added_via" text NOT NULL,
	"added_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_cc_email_lower" CHECK ("ticket_cc"."email" = lower("ticket_cc"."email")),
	CONSTRAINT "ticket_cc_added_via" CHECK ("ticket_cc"."added_via" in ('mail', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "ticket_cc_settings" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"copy_on_replies" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_cc" ADD CONSTRAINT "ticket_cc_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cc" ADD CONSTRAINT "ticket_cc_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cc_settings" ADD CONSTRAINT "ticket_cc_settings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_cc_ticket_email" ON "ticket_cc" USING btree ("ticket_id","email");--> statement-breakpoint
CREATE INDEX "ticket_cc_ticket_id_created_at_index" ON "ticket_cc" USING btree ("ticket_id","created_at");