CREATE TABLE "device_compliance_tickets" (
	"device_id" uuid NOT NULL,
	"problem" text NOT NULL,
	"ticket_id" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_compliance_tickets_device_id_problem_pk" PRIMARY KEY("device_id","problem")
);
--> statement-breakpoint
CREATE TABLE "device_enrolment_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"label" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "device_enrolment_tokens_secretHash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "device_facts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"facts" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "facts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "device_compliance_tickets" ADD CONSTRAINT "device_compliance_tickets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_compliance_tickets" ADD CONSTRAINT "device_compliance_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_enrolment_tokens" ADD CONSTRAINT "device_enrolment_tokens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_enrolment_tokens" ADD CONSTRAINT "device_enrolment_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_facts" ADD CONSTRAINT "device_facts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_facts" ADD CONSTRAINT "device_facts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_compliance_tickets_ticket_id_index" ON "device_compliance_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "device_enrolment_tokens_client_id_index" ON "device_enrolment_tokens" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "device_facts_device_id_reported_at_index" ON "device_facts" USING btree ("device_id","reported_at");--> statement-breakpoint
CREATE INDEX "device_facts_reported_at_index" ON "device_facts" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "devices_facts_at_index" ON "devices" USING btree ("facts_at");