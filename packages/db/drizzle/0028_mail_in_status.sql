CREATE TABLE "mail_in_status" (
	"door" text PRIMARY KEY NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"read_day" text,
	"read_today" integer DEFAULT 0 NOT NULL
);
