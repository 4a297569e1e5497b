DROP INDEX "student_credit_sums_debtors_idx";--> statement-breakpoint
CREATE INDEX "student_credit_sums_remaining_idx" ON "student_credit_sums" USING btree ("remaining","student_key","classroom_id");--> statement-breakpoint
CREATE INDEX "student_credit_sums_debtors_idx" ON "student_credit_sums" USING btree (greatest(-"remaining", 0),"student_key") WHERE "student_credit_sums"."remaining" < 0;