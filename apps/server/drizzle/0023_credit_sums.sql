CREATE TABLE "student_credit_sums" (
	"student_key" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"paid" numeric(18, 2) NOT NULL,
	"used" numeric(18, 2) NOT NULL,
	"side_costs" numeric(18, 2) NOT NULL,
	"remaining" numeric(18, 2) NOT NULL,
	CONSTRAINT "student_credit_sums_student_key_classroom_id_pk" PRIMARY KEY("student_key","classroom_id")
);
--> statement-breakpoint
CREATE INDEX "student_credit_sums_classroom_idx" ON "student_credit_sums" USING btree ("classroom_id");--> statement-breakpoint
CREATE INDEX "student_credit_sums_debtors_idx" ON "student_credit_sums" USING btree ("remaining") WHERE "student_credit_sums"."remaining" < 0;--> statement-breakpoint
-- Kept by the ledger itself: each statement adding entries adds their sums per (student, classroom),
-- in key order (two transactions touching the same rows take their locks in the same order).
CREATE FUNCTION "ledger_add_credit_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "student_credit_sums" AS b ("student_key", "classroom_id", "paid", "used", "side_costs", "remaining")
  SELECT e."student_key", e."classroom_id",
    -coalesce(sum(e."amount") FILTER (WHERE t."kind" LIKE 'deposit.%' OR t."kind" LIKE 'transfer.%'), 0),
    coalesce(sum(e."amount") FILTER (WHERE t."kind" LIKE 'charge.%'), 0),
    coalesce(sum(e."amount") FILTER (WHERE t."kind" LIKE 'charge.sideCost%'), 0),
    -sum(e."amount")
  FROM added e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
  WHERE e."account" = 'student_credit'
  GROUP BY e."student_key", e."classroom_id"
  ORDER BY 1, 2
  ON CONFLICT ("student_key", "classroom_id") DO UPDATE SET
    "paid" = b."paid" + excluded."paid",
    "used" = b."used" + excluded."used",
    "side_costs" = b."side_costs" + excluded."side_costs",
    "remaining" = b."remaining" + excluded."remaining";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_credit_sums" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "ledger_add_credit_sums"();
--> statement-breakpoint
INSERT INTO "student_credit_sums" ("student_key", "classroom_id", "paid", "used", "side_costs", "remaining")
SELECT e."student_key", e."classroom_id",
  -coalesce(sum(e."amount") FILTER (WHERE t."kind" LIKE 'deposit.%' OR t."kind" LIKE 'transfer.%'), 0),
  coalesce(sum(e."amount") FILTER (WHERE t."kind" LIKE 'charge.%'), 0),
  coalesce(sum(e."amount") FILTER (WHERE t."kind" LIKE 'charge.sideCost%'), 0),
  -sum(e."amount")
FROM "ledger_entries" e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
WHERE e."account" = 'student_credit'
GROUP BY e."student_key", e."classroom_id";
