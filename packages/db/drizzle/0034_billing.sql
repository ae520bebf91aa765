CREATE TABLE "catalogue_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"price_cents" integer NOT NULL,
	"taxable" boolean DEFAULT true NOT NULL,
	"package_slug" text,
	"archived" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "catalogue_items_name_unique" UNIQUE("name"),
	CONSTRAINT "catalogue_items_packageSlug_unique" UNIQUE("package_slug"),
	CONSTRAINT "catalogue_items_price" CHECK ("catalogue_items"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"components" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tax_codes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "agreement_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agreement_id" uuid NOT NULL,
	"catalogue_item_id" uuid NOT NULL,
	"quantity_source" text NOT NULL,
	"fixed_quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agreement_lines_quantity" CHECK ("agreement_lines"."fixed_quantity" >= 0),
	CONSTRAINT "agreement_lines_price" CHECK ("agreement_lines"."unit_price_cents" is null or "agreement_lines"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agreement_work_types" (
	"agreement_id" uuid NOT NULL,
	"work_type_id" uuid NOT NULL,
	"treatment" text NOT NULL,
	"hourly_rate_cents" integer,
	CONSTRAINT "agreement_work_types_agreement_id_work_type_id_pk" PRIMARY KEY("agreement_id","work_type_id"),
	CONSTRAINT "agreement_work_types_rate" CHECK (("agreement_work_types"."treatment" = 'included') = ("agreement_work_types"."hourly_rate_cents" is null) and ("agreement_work_types"."hourly_rate_cents" is null or "agreement_work_types"."hourly_rate_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"billing_day" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "agreements_billing_day" CHECK ("agreements"."billing_day" between 1 and 28),
	CONSTRAINT "agreements_dates" CHECK ("agreements"."end_date" is null or "agreements"."end_date" >= "agreements"."start_date")
);
--> statement-breakpoint
CREATE TABLE "prepaid_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agreement_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"purchased_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"overage_rate_cents" integer NOT NULL,
	"work_type_ids" uuid[] NOT NULL,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "prepaid_blocks_minutes" CHECK ("prepaid_blocks"."minutes" > 0),
	CONSTRAINT "prepaid_blocks_money" CHECK ("prepaid_blocks"."price_cents" >= 0 and "prepaid_blocks"."overage_rate_cents" >= 0),
	CONSTRAINT "prepaid_blocks_dates" CHECK ("prepaid_blocks"."expires_on" >= "prepaid_blocks"."purchased_on")
);
--> statement-breakpoint
CREATE TABLE "billing_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"file" text NOT NULL,
	"invoice_ids" uuid[] NOT NULL,
	"rows" integer NOT NULL,
	"sha256" text NOT NULL,
	"exported_by" uuid,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"companies_total" integer DEFAULT 0 NOT NULL,
	"companies_done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "block_burns" (
	"block_id" uuid NOT NULL,
	"time_entry_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "block_burns_block_id_time_entry_id_pk" PRIMARY KEY("block_id","time_entry_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"source" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_unit" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"taxable" boolean NOT NULL,
	"catalogue_item_id" uuid,
	"work_type_id" uuid,
	"block_id" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_number_counters_prefix_year_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"days_after_due" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_days_after_due_pk" PRIMARY KEY("invoice_id","days_after_due")
);
--> statement-breakpoint
CREATE TABLE "invoice_taxes" (
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"rate_milli_percent" integer NOT NULL,
	"base_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_taxes_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoiced_time" (
	"time_entry_id" uuid PRIMARY KEY NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_id" uuid NOT NULL,
	"agreement_id" uuid,
	"month" text,
	"credits_invoice_id" uuid,
	"status" text NOT NULL,
	"number" text,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"bill_to" jsonb NOT NULL,
	"tax_name" text NOT NULL,
	"tax_components" jsonb NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"counted" jsonb,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_total" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tax_code_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "documents" jsonb;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_work_types" ADD CONSTRAINT "agreement_work_types_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_work_types" ADD CONSTRAINT "agreement_work_types_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_blocks" ADD CONSTRAINT "prepaid_blocks_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_exports" ADD CONSTRAINT "billing_exports_exported_by_users_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_burns" ADD CONSTRAINT "block_burns_block_id_prepaid_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."prepaid_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_burns" ADD CONSTRAINT "block_burns_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_burns" ADD CONSTRAINT "block_burns_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_block_id_prepaid_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."prepaid_blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_time" ADD CONSTRAINT "invoiced_time_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_time" ADD CONSTRAINT "invoiced_time_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_time" ADD CONSTRAINT "invoiced_time_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_lines_agreement_id_index" ON "agreement_lines" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "agreements_client_id_index" ON "agreements" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "prepaid_blocks_agreement_id_index" ON "prepaid_blocks" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "billing_exports_month_exported_at_index" ON "billing_exports" USING btree ("month","exported_at");--> statement-breakpoint
CREATE INDEX "billing_runs_month_started_at_index" ON "billing_runs" USING btree ("month","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_runs_one_running" ON "billing_runs" USING btree ("month") WHERE "billing_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "block_burns_invoice_id_index" ON "block_burns" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_id_index" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_block_purchase" ON "invoice_lines" USING btree ("block_id") WHERE "invoice_lines"."source" = 'block_purchase';--> statement-breakpoint
CREATE INDEX "invoiced_time_invoice_line_id_index" ON "invoiced_time" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "invoiced_time_invoice_id_index" ON "invoiced_time" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_client_id_issue_date_index" ON "invoices" USING btree ("client_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_month_index" ON "invoices" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_agreement_month" ON "invoices" USING btree ("agreement_id","month") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "payments_invoice_id_index" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_tax_code_id_tax_codes_id_fk" FOREIGN KEY ("tax_code_id") REFERENCES "public"."tax_codes"("id") ON DELETE restrict ON UPDATE no action;