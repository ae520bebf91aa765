CREATE TYPE "public"."incident_impact" AS ENUM('none', 'minor', 'major', 'critical');--> statement-breakpoint
CREATE TYPE "public"."incident_status" AS ENUM('INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED');--> statement-breakpoint
CREATE TABLE "incident_clients" (
	"incident_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	CONSTRAINT "incident_clients_incident_id_client_id_pk" PRIMARY KEY("incident_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "incident_services" (
	"incident_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "incident_services_incident_id_service_id_pk" PRIMARY KEY("incident_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "incident_tickets" (
	"incident_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"linked_by" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_tickets_incident_id_ticket_id_pk" PRIMARY KEY("incident_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "incident_updates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"incident_id" uuid NOT NULL,
	"status" "incident_status" NOT NULL,
	"message" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"status" "incident_status" DEFAULT 'INVESTIGATING' NOT NULL,
	"impact" "incident_impact" DEFAULT 'minor' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"scheduled_for" timestamp with time zone,
	"scheduled_until" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managed_service_clients" (
	"service_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	CONSTRAINT "managed_service_clients_service_id_client_id_pk" PRIMARY KEY("service_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "managed_services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_subscribers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_clients" ADD CONSTRAINT "incident_clients_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_clients" ADD CONSTRAINT "incident_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_services" ADD CONSTRAINT "incident_services_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_services" ADD CONSTRAINT "incident_services_service_id_managed_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."managed_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_tickets" ADD CONSTRAINT "incident_tickets_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_tickets" ADD CONSTRAINT "incident_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_tickets" ADD CONSTRAINT "incident_tickets_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_service_clients" ADD CONSTRAINT "managed_service_clients_service_id_managed_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."managed_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managed_service_clients" ADD CONSTRAINT "managed_service_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_clients_client_id_index" ON "incident_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "incident_services_service_id_index" ON "incident_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "incident_tickets_ticket_id_index" ON "incident_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "incident_updates_incident_id_created_at_index" ON "incident_updates" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE INDEX "incidents_created_at_index" ON "incidents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "managed_service_clients_client_id_index" ON "managed_service_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "managed_services_name_index" ON "managed_services" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "status_subscribers_email_index" ON "status_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "status_subscribers_token_index" ON "status_subscribers" USING btree ("token");