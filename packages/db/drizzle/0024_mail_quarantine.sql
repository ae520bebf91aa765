CREATE TABLE "quarantined_mails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"via" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"size" integer NOT NULL,
	"file_key" text NOT NULL,
	"imap_folder" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"quarantined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_tried_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quarantined_mails_digest_unique" UNIQUE("digest")
);
--> statement-breakpoint
CREATE INDEX "quarantined_mails_quarantined_at_index" ON "quarantined_mails" USING btree ("quarantined_at");