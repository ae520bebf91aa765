CREATE TYPE "public"."recurring_run_outcome" AS ENUM('created', 'skipped', 'failed');--> statement-breakpoint
CREATE TABLE "recurring_ticket_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"schedule_id" uuid NOT NULL,
	"occurrence_at" timestamp with time zone NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"outcome" "recurring_run_outcome" NOT NULL,
	"ticket_id" uuid,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "recurring_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"priority" "ticket_priority" DEFAULT 'P3' NOT NULL,
	"type" "ticket_type" DEFAULT 'TASK' NOT NULL,
	"assignee_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_id" uuid,
	"rrule" text NOT NULL,
	"dtstart" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"skip_if_open" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_ticket_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurring_ticket_runs" ADD CONSTRAINT "recurring_ticket_runs_schedule_id_recurring_tickets_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_ticket_runs" ADD CONSTRAINT "recurring_ticket_runs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tickets" ADD CONSTRAINT "recurring_tickets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tickets" ADD CONSTRAINT "recurring_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tickets" ADD CONSTRAINT "recurring_tickets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tickets" ADD CONSTRAINT "recurring_tickets_last_ticket_id_tickets_id_fk" FOREIGN KEY ("last_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tickets" ADD CONSTRAINT "recurring_tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_ticket_runs_schedule_id_occurrence_at_index" ON "recurring_ticket_runs" USING btree ("schedule_id","occurrence_at");--> statement-breakpoint
CREATE INDEX "recurring_tickets_client_id_index" ON "recurring_tickets" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "recurring_tickets_next_run_at_index" ON "recurring_tickets" USING btree ("next_run_at") WHERE "recurring_tickets"."enabled";