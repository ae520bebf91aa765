CREATE TABLE "time_reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "time_reminders_userId_workDate_unique" UNIQUE("user_id","work_date")
);
--> statement-breakpoint
ALTER TABLE "time_reminders" ADD CONSTRAINT "time_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;