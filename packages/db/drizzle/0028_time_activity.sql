CREATE TABLE "time_draft_decisions" (
	"user_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"decision" text NOT NULL,
	"entry_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_draft_decisions_user_id_ticket_id_start_pk" PRIMARY KEY("user_id","ticket_id","start")
);
--> statement-breakpoint
CREATE TABLE "time_focus_spans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "time_draft_decisions" ADD CONSTRAINT "time_draft_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_focus_spans" ADD CONSTRAINT "time_focus_spans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_focus_spans" ADD CONSTRAINT "time_focus_spans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_draft_decisions_user_id_end_index" ON "time_draft_decisions" USING btree ("user_id","end");--> statement-breakpoint
CREATE INDEX "time_focus_spans_user_id_started_at_index" ON "time_focus_spans" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "ticket_comments_author_id_created_at_index" ON "ticket_comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_id_created_at_index" ON "audit_logs" USING btree ("actor_id","created_at");