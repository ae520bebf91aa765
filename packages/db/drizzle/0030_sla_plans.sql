CREATE TABLE "sla_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sla_plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
-- The default plan (docs/decisions/0034-named-sla-plans.md): today's targets move onto it as data, so an
-- existing install keeps its numbers. A fresh database stays empty (a move or a restore needs an empty
-- target); the server seeds the plan at start, as it seeds the targets.
INSERT INTO "sla_plans" ("id", "name") SELECT '00000000-0000-7000-8000-000000000001', 'Standard' WHERE EXISTS (SELECT 1 FROM "sla_policies");--> statement-breakpoint
ALTER TABLE "sla_policies" ADD COLUMN "plan_id" uuid NOT NULL DEFAULT '00000000-0000-7000-8000-000000000001';--> statement-breakpoint
ALTER TABLE "sla_policies" ALTER COLUMN "plan_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sla_policies" DROP CONSTRAINT "sla_policies_pkey";--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_plan_id_priority_pk" PRIMARY KEY("plan_id","priority");--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sla_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_sla_plan_id_sla_plans_id_fk" FOREIGN KEY ("sla_plan_id") REFERENCES "public"."sla_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD CONSTRAINT "sla_policies_plan_id_sla_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sla_plans"("id") ON DELETE cascade ON UPDATE no action;
