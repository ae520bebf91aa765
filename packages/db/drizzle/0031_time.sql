CREATE TABLE "running_timers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid,
	"work_type_id" uuid,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_id" uuid,
	"ticket_reference" text,
	"ticket_title" text,
	"client_id" uuid,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"work_type_id" uuid NOT NULL,
	"billable" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_visibility" text DEFAULT 'internal' NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"invoiced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "time_entries_minutes" CHECK ("time_entries"."minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheets_userId_weekStart_unique" UNIQUE("user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "work_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_billable" boolean NOT NULL,
	"hourly_rate_cents" integer NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "work_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
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
ALTER TABLE "clients" ADD COLUMN "show_time_to_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_timers" ADD CONSTRAINT "running_timers_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_draft_decisions" ADD CONSTRAINT "time_draft_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_draft_decisions" ADD CONSTRAINT "time_draft_decisions_entry_id_time_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."time_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_focus_spans" ADD CONSTRAINT "time_focus_spans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_focus_spans" ADD CONSTRAINT "time_focus_spans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_user_id_work_date_index" ON "time_entries" USING btree ("user_id","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_ticket_id_index" ON "time_entries" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "time_entries_client_id_work_date_index" ON "time_entries" USING btree ("client_id","work_date");--> statement-breakpoint
CREATE INDEX "time_entries_unapproved" ON "time_entries" USING btree ("work_date") WHERE "time_entries"."approved_at" is null;--> statement-breakpoint
CREATE INDEX "timesheets_status_week_start_index" ON "timesheets" USING btree ("status","week_start");--> statement-breakpoint
CREATE INDEX "time_draft_decisions_user_id_end_index" ON "time_draft_decisions" USING btree ("user_id","end");--> statement-breakpoint
CREATE INDEX "time_focus_spans_user_id_started_at_index" ON "time_focus_spans" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "ticket_comments_author_id_created_at_index" ON "ticket_comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_id_created_at_index" ON "audit_logs" USING btree ("actor_id","created_at");