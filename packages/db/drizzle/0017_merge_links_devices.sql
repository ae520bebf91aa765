CREATE TYPE "public"."ticket_link_kind" AS ENUM('related', 'caused_by');--> statement-breakpoint
CREATE TABLE "ticket_devices" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"linked_ticket_id" uuid NOT NULL,
	"kind" "ticket_link_kind" DEFAULT 'related' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_links_not_self" CHECK ("ticket_links"."ticket_id" <> "ticket_links"."linked_ticket_id")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "merged_from_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_devices" ADD CONSTRAINT "ticket_devices_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_devices" ADD CONSTRAINT "ticket_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_linked_ticket_id_tickets_id_fk" FOREIGN KEY ("linked_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_devices_device_id_index" ON "ticket_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_links_pair" ON "ticket_links" USING btree (least("ticket_id", "linked_ticket_id"),greatest("ticket_id", "linked_ticket_id"));--> statement-breakpoint
CREATE INDEX "ticket_links_linked_ticket_id_index" ON "ticket_links" USING btree ("linked_ticket_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_merged_into_id_tickets_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_merged_into_id_index" ON "tickets" USING btree ("merged_into_id");