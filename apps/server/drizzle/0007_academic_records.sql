CREATE TABLE "exams" (
	"exam_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"classroom_lesson_id" uuid,
	"exam_type" text NOT NULL,
	"score" numeric(5, 2),
	"exam_state" text DEFAULT 'Pending' NOT NULL,
	"feedback" text,
	"created_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_state_check" CHECK ("exams"."exam_state" in ('Pending', 'Done')),
	CONSTRAINT "exams_type_check" CHECK ("exams"."exam_type" in ('TitleExam', 'NameExam', 'SubTitleExam')),
	CONSTRAINT "exams_score_check" CHECK ("exams"."score" is null or ("exams"."score" >= 0 and "exams"."score" <= 100))
);
--> statement-breakpoint
CREATE TABLE "homeworks" (
	"homework_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"subtitle" text NOT NULL,
	"dead_line" timestamp with time zone NOT NULL,
	"form" text NOT NULL,
	"state" text DEFAULT 'Pending' NOT NULL,
	"feedback" text,
	"correct_percentation" numeric(5, 2),
	"done_moment" timestamp with time zone,
	"created_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homeworks_state_check" CHECK ("homeworks"."state" in ('Pending', 'Done')),
	CONSTRAINT "homeworks_percentation_check" CHECK ("homeworks"."correct_percentation" is null or ("homeworks"."correct_percentation" >= 0 and "homeworks"."correct_percentation" <= 100))
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"session_id" uuid NOT NULL,
	"classroom_lesson_id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"teach_state" text DEFAULT 'Pending' NOT NULL,
	"teached_moment" timestamp with time zone,
	"teached_time_in_hour" numeric(7, 2) DEFAULT '0' NOT NULL,
	"delay" boolean DEFAULT false NOT NULL,
	"delay_in_teaching_time_in_hour" numeric(7, 2) DEFAULT '0' NOT NULL,
	"review_state" text DEFAULT 'Pending' NOT NULL,
	"review_moment" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_session_id_classroom_lesson_id_pk" PRIMARY KEY("session_id","classroom_lesson_id"),
	CONSTRAINT "lesson_progress_teach_check" CHECK ("lesson_progress"."teach_state" in ('Pending', 'Done')),
	CONSTRAINT "lesson_progress_review_check" CHECK ("lesson_progress"."review_state" in ('Pending', 'Done'))
);
--> statement-breakpoint
CREATE TABLE "session_academic_flags" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"with_out_exam" boolean DEFAULT false NOT NULL,
	"with_out_home_work" boolean DEFAULT false NOT NULL,
	"with_out_review" boolean DEFAULT false NOT NULL,
	"with_out_teach" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_session_id_classroom_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_classroom_lesson_id_classroom_lessons_classroom_lesson_id_fk" FOREIGN KEY ("classroom_lesson_id") REFERENCES "public"."classroom_lessons"("classroom_lesson_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_created_by_users_public_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_session_id_classroom_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_created_by_users_public_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_session_id_classroom_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_classroom_lesson_id_classroom_lessons_classroom_lesson_id_fk" FOREIGN KEY ("classroom_lesson_id") REFERENCES "public"."classroom_lessons"("classroom_lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_academic_flags" ADD CONSTRAINT "session_academic_flags_session_id_classroom_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exams_session_idx" ON "exams" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "exams_student_idx" ON "exams" USING btree ("student_key","exam_type","create_moment");--> statement-breakpoint
CREATE INDEX "exams_classroom_student_idx" ON "exams" USING btree ("classroom_id","student_key");--> statement-breakpoint
CREATE INDEX "homeworks_session_idx" ON "homeworks" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "homeworks_student_state_idx" ON "homeworks" USING btree ("student_key","state","dead_line");--> statement-breakpoint
CREATE INDEX "homeworks_classroom_student_idx" ON "homeworks" USING btree ("classroom_id","student_key");--> statement-breakpoint
CREATE INDEX "lesson_progress_lesson_idx" ON "lesson_progress" USING btree ("classroom_lesson_id");--> statement-breakpoint
CREATE INDEX "lesson_progress_classroom_idx" ON "lesson_progress" USING btree ("classroom_id");