CREATE TABLE "course_plan_entries" (
	"progress_stage_course_plan_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_key" uuid NOT NULL,
	"lesson_type" text NOT NULL,
	"session_per_week" integer NOT NULL,
	"lesson_topic" text NOT NULL,
	"suggested_hours" numeric(8, 2) NOT NULL,
	"class_type" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"created_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_plan_entries_status_check" CHECK ("course_plan_entries"."status" in ('New', 'Review')),
	CONSTRAINT "course_plan_entries_hours_check" CHECK ("course_plan_entries"."suggested_hours" >= 0),
	CONSTRAINT "course_plan_entries_sessions_check" CHECK ("course_plan_entries"."session_per_week" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_plan_export_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_key" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"format" text NOT NULL,
	"language" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_application_stages" (
	"stage_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"progress_stage_application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reached_on" date NOT NULL,
	"changed_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_applications" (
	"progress_stage_application_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_key" uuid NOT NULL,
	"institution_type" text NOT NULL,
	"institution_name" text NOT NULL,
	"programme" text NOT NULL,
	"deadline" date NOT NULL,
	"status" text DEFAULT 'Preparing' NOT NULL,
	"created_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_applications_status_check" CHECK ("progress_applications"."status" in ('Preparing', 'Submitted', 'Interview', 'Offer', 'Accepted', 'Rejected', 'Withdrawn')),
	CONSTRAINT "progress_applications_type_check" CHECK ("progress_applications"."institution_type" in ('School', 'University'))
);
--> statement-breakpoint
ALTER TABLE "course_plan_entries" ADD CONSTRAINT "course_plan_entries_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_plan_entries" ADD CONSTRAINT "course_plan_entries_created_by_users_public_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_plan_export_tickets" ADD CONSTRAINT "course_plan_export_tickets_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_plan_export_tickets" ADD CONSTRAINT "course_plan_export_tickets_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_application_stages" ADD CONSTRAINT "progress_application_stages_progress_stage_application_id_progress_applications_progress_stage_application_id_fk" FOREIGN KEY ("progress_stage_application_id") REFERENCES "public"."progress_applications"("progress_stage_application_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_application_stages" ADD CONSTRAINT "progress_application_stages_changed_by_users_public_key_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_applications" ADD CONSTRAINT "progress_applications_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_applications" ADD CONSTRAINT "progress_applications_created_by_users_public_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_plan_entries_student_idx" ON "course_plan_entries" USING btree ("student_key","create_moment");--> statement-breakpoint
CREATE INDEX "course_plan_export_tickets_expires_idx" ON "course_plan_export_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "progress_application_stages_application_idx" ON "progress_application_stages" USING btree ("progress_stage_application_id","create_moment");--> statement-breakpoint
CREATE INDEX "progress_applications_student_idx" ON "progress_applications" USING btree ("student_key","deadline");