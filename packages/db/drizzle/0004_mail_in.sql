CREATE TYPE "public"."inbound_outcome" AS ENUM('ticket', 'comment', 'enquiry', 'ignored');--> statement-breakpoint
ALTER TYPE "public"."ticket_source" ADD VALUE 'email';--> statement-breakpoint
CREATE TABLE "inbound_mails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"subject" text NOT NULL,
	"via" text NOT NULL,
	"outcome" "inbound_outcome" NOT NULL,
	"reason" text,
	"ticket_id" uuid,
	"comment_id" uuid,
	"enquiry_id" uuid,
	"size" integer NOT NULL,
	"file_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mails_messageId_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "source" "ticket_source" DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_mails_from_address_received_at_index" ON "inbound_mails" USING btree ("from_address","received_at");--> statement-breakpoint
CREATE INDEX "inbound_mails_ticket_id_index" ON "inbound_mails" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "inbound_mails_comment_id_index" ON "inbound_mails" USING btree ("comment_id");--> statement-breakpoint
-- Comments written before the column existed: a client user's came from the portal, the rest from staff.
UPDATE "ticket_comments" SET "source" = 'client' FROM "users" WHERE "ticket_comments"."author_id" = "users"."id" AND "users"."role" = 'CLIENT';
