CREATE TABLE "site_content_revisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"content" jsonb NOT NULL,
	"author_id" uuid,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_content_revisions" ADD CONSTRAINT "site_content_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_content_revisions" ADD CONSTRAINT "site_content_revisions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_content_revisions_one_current" ON "site_content_revisions" USING btree ("state") WHERE "site_content_revisions"."state" in ('draft', 'published');--> statement-breakpoint
CREATE INDEX "site_content_revisions_published_at_index" ON "site_content_revisions" USING btree ("published_at");