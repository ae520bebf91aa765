CREATE TABLE "socket_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "socket_tickets" ADD CONSTRAINT "socket_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "socket_tickets_session_id_index" ON "socket_tickets" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "socket_tickets_expires_at_index" ON "socket_tickets" USING btree ("expires_at");