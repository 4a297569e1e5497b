CREATE TABLE "survey_answers" (
	"response_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	CONSTRAINT "survey_answers_response_id_question_id_pk" PRIMARY KEY("response_id","question_id"),
	CONSTRAINT "survey_answers_rating_check" CHECK ("survey_answers"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"question_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"removed_at" timestamp with time zone,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"response_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"teacher_key" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"comment" text,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_rounds" (
	"round_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_rounds_interval_check" CHECK ("survey_rounds"."ends_at" > "survey_rounds"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_response_id_survey_responses_response_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("response_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_id_survey_questions_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("question_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_round_id_survey_rounds_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."survey_rounds"("round_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_teacher_key_users_public_key_fk" FOREIGN KEY ("teacher_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_rounds" ADD CONSTRAINT "survey_rounds_created_by_users_public_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_answers_question_idx" ON "survey_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "survey_questions_position_idx" ON "survey_questions" USING btree ("position") WHERE "survey_questions"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_once_idx" ON "survey_responses" USING btree ("round_id","classroom_id","teacher_key","student_key");--> statement-breakpoint
CREATE INDEX "survey_responses_teacher_idx" ON "survey_responses" USING btree ("round_id","teacher_key");--> statement-breakpoint
CREATE INDEX "survey_responses_student_idx" ON "survey_responses" USING btree ("student_key");--> statement-breakpoint
CREATE INDEX "survey_rounds_create_moment_idx" ON "survey_rounds" USING btree ("create_moment");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_rounds_one_open_idx" ON "survey_rounds" USING btree ((true)) WHERE "survey_rounds"."closed_at" is null;