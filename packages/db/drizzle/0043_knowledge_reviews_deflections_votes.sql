CREATE TABLE "article_deflections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"article_id" uuid NOT NULL,
	"source" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "article_votes" (
	"article_id" uuid NOT NULL,
	"reader" text NOT NULL,
	"helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_votes_article_id_reader_pk" PRIMARY KEY("article_id","reader")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "review_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "article_deflections" ADD CONSTRAINT "article_deflections_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_votes" ADD CONSTRAINT "article_votes_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_deflections_form_id_article_id_index" ON "article_deflections" USING btree ("form_id","article_id");--> statement-breakpoint
CREATE INDEX "article_deflections_opened_at_index" ON "article_deflections" USING btree ("opened_at");