CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid,
	"comment_id" uuid,
	"mail_id" uuid,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_key" text NOT NULL,
	"inline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_mail_id_inbound_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."inbound_mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_ticket_id_index" ON "attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "attachments_comment_id_index" ON "attachments" USING btree ("comment_id");