CREATE TABLE "session_earning_sums" (
	"session_id" uuid NOT NULL,
	"teacher_key" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"earned" numeric(18, 2) NOT NULL,
	CONSTRAINT "session_earning_sums_session_id_teacher_key_classroom_id_pk" PRIMARY KEY("session_id","teacher_key","classroom_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_money_sums" (
	"teacher_key" uuid NOT NULL,
	"classroom_id" uuid,
	"earned" numeric(18, 2) NOT NULL,
	"paid" numeric(18, 2) NOT NULL,
	"unpaid" numeric(18, 2) NOT NULL,
	"other_payments" numeric(18, 2) NOT NULL,
	CONSTRAINT "teacher_money_sums_key" UNIQUE NULLS NOT DISTINCT("teacher_key","classroom_id")
);
--> statement-breakpoint
CREATE INDEX "session_earning_sums_live_idx" ON "session_earning_sums" USING btree ("teacher_key","classroom_id","session_id") WHERE "session_earning_sums"."earned" <> 0;--> statement-breakpoint
-- Kept by the ledger itself (docs/finance.md "Derived figures"): each statement adding entries adds
-- their teacher money per (teacher, class) and their earnings per (session, teacher, class), rows
-- locked in key order (two postings touching the same rows take their locks in the same order).
CREATE FUNCTION "ledger_add_teacher_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "teacher_money_sums" AS m ("teacher_key", "classroom_id", "earned", "paid", "unpaid", "other_payments")
  SELECT e."teacher_key", e."classroom_id",
    -coalesce(sum(e."amount") FILTER (WHERE e."account" = 'teacher_payable' AND t."kind" LIKE 'earning.%'), 0),
    coalesce(sum(e."amount") FILTER (WHERE e."account" = 'teacher_payable' AND t."kind" LIKE 'settlement.%'), 0),
    -coalesce(sum(e."amount") FILTER (WHERE e."account" = 'teacher_payable'), 0),
    coalesce(sum(e."amount") FILTER (WHERE e."account" = 'teacher_pay' AND t."kind" LIKE 'settlement.%'), 0)
  FROM added e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
  WHERE e."account" IN ('teacher_payable', 'teacher_pay') AND e."teacher_key" IS NOT NULL
  GROUP BY e."teacher_key", e."classroom_id"
  ORDER BY 1, 2
  ON CONFLICT ("teacher_key", "classroom_id") DO UPDATE SET
    "earned" = m."earned" + excluded."earned",
    "paid" = m."paid" + excluded."paid",
    "unpaid" = m."unpaid" + excluded."unpaid",
    "other_payments" = m."other_payments" + excluded."other_payments";
  INSERT INTO "session_earning_sums" AS s ("session_id", "teacher_key", "classroom_id", "earned")
  SELECT t."session_id", e."teacher_key", e."classroom_id", -sum(e."amount")
  FROM added e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
  WHERE e."account" = 'teacher_payable' AND t."kind" LIKE 'earning.%' AND t."session_id" IS NOT NULL
    AND e."teacher_key" IS NOT NULL AND e."classroom_id" IS NOT NULL
  GROUP BY t."session_id", e."teacher_key", e."classroom_id"
  ORDER BY 1, 2, 3
  ON CONFLICT ("session_id", "teacher_key", "classroom_id") DO UPDATE SET "earned" = s."earned" + excluded."earned";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_teacher_sums" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "ledger_add_teacher_sums"();
--> statement-breakpoint
INSERT INTO "teacher_money_sums" ("teacher_key", "classroom_id", "earned", "paid", "unpaid", "other_payments")
SELECT e."teacher_key", e."classroom_id",
  -coalesce(sum(e."amount") FILTER (WHERE e."account" = 'teacher_payable' AND t."kind" LIKE 'earning.%'), 0),
  coalesce(sum(e."amount") FILTER (WHERE e."account" = 'teacher_payable' AND t."kind" LIKE 'settlement.%'), 0),
  -coalesce(sum(e."amount") FILTER (WHERE e."account" = 'teacher_payable'), 0),
  coalesce(sum(e."amount") FILTER (WHERE e."account" = 'teacher_pay' AND t."kind" LIKE 'settlement.%'), 0)
FROM "ledger_entries" e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
WHERE e."account" IN ('teacher_payable', 'teacher_pay') AND e."teacher_key" IS NOT NULL
GROUP BY e."teacher_key", e."classroom_id";
--> statement-breakpoint
INSERT INTO "session_earning_sums" ("session_id", "teacher_key", "classroom_id", "earned")
SELECT t."session_id", e."teacher_key", e."classroom_id", -sum(e."amount")
FROM "ledger_entries" e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
WHERE e."account" = 'teacher_payable' AND t."kind" LIKE 'earning.%' AND t."session_id" IS NOT NULL
  AND e."teacher_key" IS NOT NULL AND e."classroom_id" IS NOT NULL
GROUP BY t."session_id", e."teacher_key", e."classroom_id";
