CREATE TYPE "public"."article_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TYPE "public"."article_visibility" AS ENUM('public', 'clients', 'companies', 'internal');--> statement-breakpoint
CREATE TABLE "article_companies" (
	"article_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	CONSTRAINT "article_companies_article_id_client_id_pk" PRIMARY KEY("article_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "article_revisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"body" text NOT NULL,
	"visibility" "article_visibility" NOT NULL,
	"status" "article_status" DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"last_reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"not_helpful_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "articles"."title"), 'A') || setweight(to_tsvector('simple'::regconfig, "articles"."category") || array_to_tsvector("articles"."tags"), 'B') || setweight(to_tsvector('simple'::regconfig, "articles"."body"), 'C')) STORED NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_companies" ADD CONSTRAINT "article_companies_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_companies" ADD CONSTRAINT "article_companies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_companies_client_id_article_id_index" ON "article_companies" USING btree ("client_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "article_revisions_article_id_number_index" ON "article_revisions" USING btree ("article_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_index" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_search_vector" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_status_visibility_index" ON "articles" USING btree ("status","visibility");