CREATE TABLE "available_times" (
	"available_time_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_time_table_id" uuid NOT NULL,
	"teacher_key" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'Active' NOT NULL,
	"series_id" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "available_times_interval_check" CHECK ("available_times"."end_at" > "available_times"."start_at")
);
--> statement-breakpoint
CREATE TABLE "classroom_lessons" (
	"classroom_lesson_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classroom_id" uuid NOT NULL,
	"lesson_name" text NOT NULL,
	"lesson_title" text NOT NULL,
	"lesson_sub_title" text NOT NULL,
	"lesson_level" text NOT NULL,
	"teaching_lesson_time_in_hour" numeric(10, 2) NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_sessions" (
	"session_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classroom_id" uuid NOT NULL,
	"teacher_key" uuid NOT NULL,
	"classroom_number" text,
	"available_time_id" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer GENERATED ALWAYS AS ((extract(epoch from (end_at - start_at)) / 60)::integer) STORED NOT NULL,
	"state" text DEFAULT 'waitingforclass' NOT NULL,
	"confirmation" text DEFAULT 'noConfirmation' NOT NULL,
	"financial_confirmation" boolean DEFAULT false NOT NULL,
	"changes_confirmed_by_teacher" boolean DEFAULT false NOT NULL,
	"changes_confirmed_by_scheduling_admin" boolean DEFAULT false NOT NULL,
	"teaching_date" timestamp with time zone,
	"taught_lessons_description" text,
	"teaching_minutes" integer,
	"teaching_type" text,
	"taught_lesson_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_sessions_interval_check" CHECK ("classroom_sessions"."end_at" > "classroom_sessions"."start_at")
);
--> statement-breakpoint
CREATE TABLE "classroom_specifications" (
	"classroom_id" uuid NOT NULL,
	"specification_id" uuid NOT NULL,
	CONSTRAINT "classroom_specifications_classroom_id_specification_id_pk" PRIMARY KEY("classroom_id","specification_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_students" (
	"classroom_id" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_students_classroom_id_student_key_pk" PRIMARY KEY("classroom_id","student_key")
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"classroom_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classroom_name" text NOT NULL,
	"classroom_level" text NOT NULL,
	"classroom_type" text NOT NULL,
	"classroom_number" text,
	"lesson_type" text NOT NULL,
	"teacher_key" uuid NOT NULL,
	"assistant_key" uuid,
	"state" text DEFAULT 'WaitingForAddCourse' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"first_session_start" timestamp with time zone,
	"last_session_end" timestamp with time zone,
	"created_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_presences" (
	"session_id" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"is_present" boolean NOT NULL,
	"feedback" text,
	"recorded_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_presences_session_id_student_key_pk" PRIMARY KEY("session_id","student_key")
);
--> statement-breakpoint
CREATE TABLE "teacher_timetables" (
	"teacher_time_table_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_key" uuid NOT NULL,
	"lesson_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "available_times" ADD CONSTRAINT "available_times_teacher_time_table_id_teacher_timetables_teacher_time_table_id_fk" FOREIGN KEY ("teacher_time_table_id") REFERENCES "public"."teacher_timetables"("teacher_time_table_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_lessons" ADD CONSTRAINT "classroom_lessons_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_sessions" ADD CONSTRAINT "classroom_sessions_available_time_id_available_times_available_time_id_fk" FOREIGN KEY ("available_time_id") REFERENCES "public"."available_times"("available_time_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_specifications" ADD CONSTRAINT "classroom_specifications_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_specifications" ADD CONSTRAINT "classroom_specifications_specification_id_specifications_specification_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("specification_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_students" ADD CONSTRAINT "classroom_students_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_students" ADD CONSTRAINT "classroom_students_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_teacher_key_users_public_key_fk" FOREIGN KEY ("teacher_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_assistant_key_users_public_key_fk" FOREIGN KEY ("assistant_key") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_created_by_users_public_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_presences" ADD CONSTRAINT "session_presences_session_id_classroom_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_presences" ADD CONSTRAINT "session_presences_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_presences" ADD CONSTRAINT "session_presences_recorded_by_users_public_key_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_timetables" ADD CONSTRAINT "teacher_timetables_teacher_key_users_public_key_fk" FOREIGN KEY ("teacher_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "available_times_teacher_start_idx" ON "available_times" USING btree ("teacher_key","start_at");--> statement-breakpoint
CREATE INDEX "available_times_start_idx" ON "available_times" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "available_times_series_idx" ON "available_times" USING btree ("series_id","start_at");--> statement-breakpoint
CREATE INDEX "classroom_lessons_classroom_idx" ON "classroom_lessons" USING btree ("classroom_id","position");--> statement-breakpoint
CREATE INDEX "classroom_lessons_name_idx" ON "classroom_lessons" USING btree ("lesson_name");--> statement-breakpoint
CREATE INDEX "classroom_sessions_classroom_start_idx" ON "classroom_sessions" USING btree ("classroom_id","start_at");--> statement-breakpoint
CREATE INDEX "classroom_sessions_teacher_start_idx" ON "classroom_sessions" USING btree ("teacher_key","start_at");--> statement-breakpoint
CREATE INDEX "classroom_sessions_room_start_idx" ON "classroom_sessions" USING btree ("classroom_number","start_at");--> statement-breakpoint
CREATE INDEX "classroom_sessions_available_time_idx" ON "classroom_sessions" USING btree ("available_time_id");--> statement-breakpoint
CREATE INDEX "classroom_sessions_start_idx" ON "classroom_sessions" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "classroom_sessions_taught_lessons_idx" ON "classroom_sessions" USING gin ("taught_lesson_ids");--> statement-breakpoint
CREATE INDEX "classroom_specifications_specification_idx" ON "classroom_specifications" USING btree ("specification_id");--> statement-breakpoint
CREATE INDEX "classroom_students_student_idx" ON "classroom_students" USING btree ("student_key");--> statement-breakpoint
CREATE INDEX "classrooms_create_moment_idx" ON "classrooms" USING btree ("create_moment");--> statement-breakpoint
CREATE INDEX "classrooms_teacher_idx" ON "classrooms" USING btree ("teacher_key","create_moment");--> statement-breakpoint
CREATE INDEX "classrooms_assistant_idx" ON "classrooms" USING btree ("assistant_key");--> statement-breakpoint
CREATE INDEX "classrooms_state_idx" ON "classrooms" USING btree ("state","create_moment");--> statement-breakpoint
CREATE INDEX "classrooms_lesson_type_idx" ON "classrooms" USING btree ("lesson_type","create_moment");--> statement-breakpoint
CREATE INDEX "classrooms_type_idx" ON "classrooms" USING btree ("classroom_type");--> statement-breakpoint
CREATE INDEX "classrooms_name_idx" ON "classrooms" USING btree ("classroom_name");--> statement-breakpoint
CREATE INDEX "classrooms_number_idx" ON "classrooms" USING btree ("classroom_number");--> statement-breakpoint
CREATE INDEX "classrooms_level_idx" ON "classrooms" USING btree ("classroom_level");--> statement-breakpoint
CREATE INDEX "classrooms_archived_idx" ON "classrooms" USING btree ("archived","create_moment");--> statement-breakpoint
CREATE INDEX "classrooms_last_session_idx" ON "classrooms" USING btree ("last_session_end");--> statement-breakpoint
CREATE INDEX "session_presences_student_idx" ON "session_presences" USING btree ("student_key");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_timetables_teacher_unique" ON "teacher_timetables" USING btree ("teacher_key");--> statement-breakpoint
CREATE INDEX "teacher_timetables_lesson_names_idx" ON "teacher_timetables" USING gin ("lesson_names");