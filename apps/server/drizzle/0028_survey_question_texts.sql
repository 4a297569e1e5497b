-- Survey questions in English and Chinese (issue 27): the one text so far was written in English (the question form's only field), so it becomes the English text.
ALTER TABLE "survey_questions" RENAME COLUMN "text" TO "text_en";--> statement-breakpoint
ALTER TABLE "survey_questions" ALTER COLUMN "text_en" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD COLUMN "text_zh" text;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_text_check" CHECK (coalesce("survey_questions"."text_en", '') <> '' or coalesce("survey_questions"."text_zh", '') <> '');--> statement-breakpoint
CREATE TABLE "survey_round_questions" (
	"round_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	CONSTRAINT "survey_round_questions_round_id_question_id_pk" PRIMARY KEY("round_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "survey_round_questions" ADD CONSTRAINT "survey_round_questions_round_id_survey_rounds_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."survey_rounds"("round_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_round_questions" ADD CONSTRAINT "survey_round_questions_question_id_survey_questions_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("question_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- A round keeps the questions it opened with: for the rounds so far, those that existed when it opened, and any answered in it.
INSERT INTO "survey_round_questions" ("round_id", "question_id")
SELECT r."round_id", q."question_id" FROM "survey_rounds" r
JOIN "survey_questions" q ON q."create_moment" <= r."create_moment"
  AND (q."removed_at" IS NULL OR q."removed_at" > r."create_moment")
UNION
SELECT sr."round_id", sa."question_id" FROM "survey_responses" sr
JOIN "survey_answers" sa ON sa."response_id" = sr."response_id";
