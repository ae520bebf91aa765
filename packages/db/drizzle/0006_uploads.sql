ALTER TABLE "outbox" ADD COLUMN "attachment_ids" jsonb;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;