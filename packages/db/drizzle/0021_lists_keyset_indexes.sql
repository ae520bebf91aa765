DROP INDEX "enquiries_created_at_index";--> statement-breakpoint
DROP INDEX "outbox_ticket_id_index";--> statement-breakpoint
CREATE INDEX "users_name_email_id_index" ON "users" USING btree ("name","email","id");--> statement-breakpoint
CREATE INDEX "devices_search_trgm" ON "devices" USING gin ((coalesce("assigned_user", '') || ' ' || coalesce("email", '') || ' ' || coalesce("model", '') || ' ' || "serial_number" || ' ' || coalesce("asset_tag", '') || ' ' || coalesce("location", '') || ' ' || coalesce("notes", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiries_created_at_id_index" ON "enquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_created_at_id_index" ON "outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_status_created_at_id_index" ON "outbox" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_ticket_id_created_at_id_index" ON "outbox" USING btree ("ticket_id","created_at","id");