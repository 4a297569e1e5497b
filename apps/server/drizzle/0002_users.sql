CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_key" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_profiles" (
	"user_key" uuid PRIMARY KEY NOT NULL,
	"birthday" date,
	"school" text,
	"grade" text,
	"abroad_study_date" date,
	"abroad_grade" text,
	"passport_id" text,
	"passport_expire_date" date,
	"target_universities" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_majors" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_high_schools" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phase_one_goal" text,
	"phase_one_achievement_date" date,
	"phase_two_goal" text,
	"phase_two_achievement_date" date,
	"language_test" text,
	"reading_score" numeric(5, 1),
	"writing_score" numeric(5, 1),
	"speaking_score" numeric(5, 1),
	"listening_score" numeric(5, 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD CONSTRAINT "student_profiles_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_key","purpose","created_at");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","role");