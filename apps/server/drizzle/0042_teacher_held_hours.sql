ALTER TABLE "teacher_money_sums" ADD COLUMN "session_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_money_sums" ADD COLUMN "minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The class's held sessions of each teacher (docs/finance.md "Derived figures"): a session counts,
-- with its booked minutes, while its net earning (`session_earning_sums`) is not 0 and it exists —
-- what all teachers' sums read by joining every earned session before. The ledger's trigger moves
-- the count and minutes when a statement takes a session's net from 0 or back to 0 (old net = new −
-- what the statement added), after its money upsert has locked the same rows (the one lock order).
CREATE OR REPLACE FUNCTION "ledger_add_teacher_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  WITH "moved" AS (
    SELECT t."session_id", e."teacher_key", e."classroom_id", -sum(e."amount") AS "earned"
    FROM added e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
    WHERE e."account" = 'teacher_payable' AND t."kind" LIKE 'earning.%' AND t."session_id" IS NOT NULL
      AND e."teacher_key" IS NOT NULL AND e."classroom_id" IS NOT NULL
    GROUP BY t."session_id", e."teacher_key", e."classroom_id"),
  "stored" AS (
    INSERT INTO "session_earning_sums" AS s ("session_id", "teacher_key", "classroom_id", "earned")
    SELECT * FROM "moved"
    ORDER BY 1, 2, 3
    ON CONFLICT ("session_id", "teacher_key", "classroom_id") DO UPDATE SET "earned" = s."earned" + excluded."earned"
    RETURNING s."session_id", s."teacher_key", s."classroom_id", s."earned"),
  "held" AS (
    SELECT n."teacher_key", n."classroom_id", ((n."earned" <> 0)::int - (n."earned" - d."earned" <> 0)::int) AS "change",
      c."duration_minutes"
    FROM "stored" n
    JOIN "moved" d ON d."session_id" = n."session_id" AND d."teacher_key" = n."teacher_key" AND d."classroom_id" = n."classroom_id"
    JOIN "classroom_sessions" c ON c."session_id" = n."session_id")
  UPDATE "teacher_money_sums" m SET "session_count" = m."session_count" + h."session_count", "minutes" = m."minutes" + h."minutes"
  FROM (
    SELECT "teacher_key", "classroom_id", sum("change")::int AS "session_count", sum("change" * "duration_minutes")::int AS "minutes"
    FROM "held" WHERE "change" <> 0
    GROUP BY 1, 2) h
  WHERE m."teacher_key" = h."teacher_key" AND m."classroom_id" = h."classroom_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A held session's booked length can still change after it earned: a session of a paid settlement
-- keeps its earning when the admin resets it, and it can then be moved (sessions.service
-- editTimeDetail). Its teachers' minutes follow it, as reading the sessions did.
CREATE FUNCTION "classroom_sessions_resize_teacher_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "teacher_money_sums" m SET "minutes" = m."minutes" + NEW."duration_minutes" - OLD."duration_minutes"
  FROM "session_earning_sums" l
  WHERE l."session_id" = NEW."session_id" AND l."earned" <> 0
    AND m."teacher_key" = l."teacher_key" AND m."classroom_id" = l."classroom_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "classroom_sessions_teacher_sums_resized" AFTER UPDATE OF "start_at", "end_at" ON "classroom_sessions" FOR EACH ROW
  WHEN (OLD."duration_minutes" IS DISTINCT FROM NEW."duration_minutes") EXECUTE FUNCTION "classroom_sessions_resize_teacher_sums"();
--> statement-breakpoint
-- A session deleted with a live earning (such a reset session deleted as a future one, or its class
-- destroyed) stops counting, as the join to the sessions made it.
CREATE FUNCTION "classroom_sessions_remove_teacher_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "teacher_money_sums" m SET "session_count" = m."session_count" - h."session_count", "minutes" = m."minutes" - h."minutes"
  FROM (
    SELECT l."teacher_key", l."classroom_id", count(*)::int AS "session_count", sum(r."duration_minutes")::int AS "minutes"
    FROM removed r JOIN "session_earning_sums" l ON l."session_id" = r."session_id" AND l."earned" <> 0
    GROUP BY 1, 2) h
  WHERE m."teacher_key" = h."teacher_key" AND m."classroom_id" = h."classroom_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "classroom_sessions_teacher_sums_removed" AFTER DELETE ON "classroom_sessions" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "classroom_sessions_remove_teacher_sums"();
--> statement-breakpoint
UPDATE "teacher_money_sums" m SET "session_count" = h."session_count", "minutes" = h."minutes"
FROM (
  SELECT l."teacher_key", l."classroom_id", count(*)::int AS "session_count", sum(c."duration_minutes")::int AS "minutes"
  FROM "session_earning_sums" l JOIN "classroom_sessions" c ON c."session_id" = l."session_id"
  WHERE l."earned" <> 0
  GROUP BY 1, 2) h
WHERE m."teacher_key" = h."teacher_key" AND m."classroom_id" = h."classroom_id";
