CREATE TABLE "course_file_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"course_file_id" uuid NOT NULL,
	"user_key" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_files" (
	"course_file_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"specification_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stored_name" text NOT NULL,
	"kind" text NOT NULL,
	"size_in_bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"lesson_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"sub_title" text,
	"level" text NOT NULL,
	"base_type" text NOT NULL,
	"teaching_time_in_hour" numeric(10, 2) NOT NULL,
	"description" text,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specification_lessons" (
	"specification_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "specification_lessons_specification_id_lesson_id_pk" PRIMARY KEY("specification_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "specifications" (
	"specification_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"level" text NOT NULL,
	"base_type" text NOT NULL,
	"is_evaluation_test" boolean DEFAULT false NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_file_tickets" ADD CONSTRAINT "course_file_tickets_course_file_id_course_files_course_file_id_fk" FOREIGN KEY ("course_file_id") REFERENCES "public"."course_files"("course_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_file_tickets" ADD CONSTRAINT "course_file_tickets_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_specification_id_specifications_specification_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("specification_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_uploaded_by_users_public_key_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_lessons" ADD CONSTRAINT "specification_lessons_specification_id_specifications_specification_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("specification_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_lessons" ADD CONSTRAINT "specification_lessons_lesson_id_lessons_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("lesson_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_file_tickets_expires_idx" ON "course_file_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "course_file_tickets_file_idx" ON "course_file_tickets" USING btree ("course_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_files_stored_name_unique" ON "course_files" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "course_files_specification_idx" ON "course_files" USING btree ("specification_id","create_moment");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_identity_unique" ON "lessons" USING btree (lower("name"),lower("title"),"level","base_type");--> statement-breakpoint
CREATE INDEX "lessons_create_moment_idx" ON "lessons" USING btree ("create_moment");--> statement-breakpoint
CREATE INDEX "lessons_level_idx" ON "lessons" USING btree ("level","create_moment");--> statement-breakpoint
CREATE INDEX "lessons_base_type_idx" ON "lessons" USING btree ("base_type","create_moment");--> statement-breakpoint
CREATE INDEX "lessons_name_idx" ON "lessons" USING btree ("name");--> statement-breakpoint
CREATE INDEX "lessons_title_idx" ON "lessons" USING btree ("title");--> statement-breakpoint
CREATE INDEX "lessons_hours_idx" ON "lessons" USING btree ("teaching_time_in_hour");--> statement-breakpoint
CREATE INDEX "specification_lessons_lesson_idx" ON "specification_lessons" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specifications_identity_unique" ON "specifications" USING btree (lower("title"),"level","base_type");--> statement-breakpoint
CREATE INDEX "specifications_create_moment_idx" ON "specifications" USING btree ("create_moment");--> statement-breakpoint
CREATE INDEX "specifications_level_idx" ON "specifications" USING btree ("level","create_moment");--> statement-breakpoint
CREATE INDEX "specifications_base_type_idx" ON "specifications" USING btree ("base_type","create_moment");--> statement-breakpoint
CREATE INDEX "specifications_title_idx" ON "specifications" USING btree ("title");--> statement-breakpoint
CREATE INDEX "specifications_evaluation_idx" ON "specifications" USING btree ("is_evaluation_test","base_type","level");