CREATE TABLE "session_revenue_sums" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"revenue" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_sums" (
	"settlement_id" uuid PRIMARY KEY NOT NULL,
	"session_count" integer NOT NULL,
	"hours" numeric(14, 4) NOT NULL,
	"classroom_ids" uuid[] NOT NULL,
	"revenue" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "settlements_create_moment_idx";--> statement-breakpoint
DROP INDEX "settlements_teacher_idx";--> statement-breakpoint
ALTER TABLE "settlement_sums" ADD CONSTRAINT "settlement_sums_settlement_id_settlements_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("settlement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_sessions_session_idx" ON "settlement_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "settlements_create_moment_idx" ON "settlements" USING btree ("create_moment","settlement_id");--> statement-breakpoint
CREATE INDEX "settlements_teacher_idx" ON "settlements" USING btree ("teacher_key","create_moment","settlement_id");--> statement-breakpoint
-- Kept by the ledger itself (docs/finance.md "Derived figures"): each statement adding entries adds
-- the revenue of their sessions, rows locked in key order; then, in a statement of its own (a fresh
-- snapshot: it sees the settlements committed while it waited for a session's row), the same
-- amounts to every settlement holding those sessions, locked in key order.
CREATE FUNCTION "ledger_add_session_revenue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "session_revenue_sums" AS r ("session_id", "revenue")
  SELECT t."session_id", -sum(e."amount")
  FROM added e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
  WHERE e."account" = 'revenue' AND t."session_id" IS NOT NULL
  GROUP BY t."session_id"
  ORDER BY 1
  ON CONFLICT ("session_id") DO UPDATE SET "revenue" = r."revenue" + excluded."revenue";
  PERFORM 1 FROM "settlement_sums" s
  WHERE s."settlement_id" IN (
    SELECT x."settlement_id" FROM added e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
    JOIN "settlement_sessions" x ON x."session_id" = t."session_id"
    WHERE e."account" = 'revenue')
  ORDER BY s."settlement_id" FOR UPDATE;
  UPDATE "settlement_sums" s SET "revenue" = s."revenue" + m."revenue"
  FROM (
    SELECT x."settlement_id", -sum(e."amount") AS "revenue"
    FROM added e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
    JOIN "settlement_sessions" x ON x."session_id" = t."session_id"
    WHERE e."account" = 'revenue'
    GROUP BY x."settlement_id") m
  WHERE s."settlement_id" = m."settlement_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_session_revenue" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "ledger_add_session_revenue"();
--> statement-breakpoint
-- A settlement's sums, made again from its sessions whenever they are written. Each session's
-- revenue row is locked first (made at 0 if the session has none yet), in key order: a posting of
-- revenue to one of them waits for this transaction and then sees its sessions (above).
CREATE FUNCTION "settlement_sums_refresh"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "session_revenue_sums" AS r ("session_id", "revenue")
  SELECT DISTINCT x."session_id", 0::numeric FROM "settlement_sessions" x WHERE x."settlement_id" = ANY (ids)
  ORDER BY 1
  ON CONFLICT ("session_id") DO UPDATE SET "revenue" = r."revenue";
  DELETE FROM "settlement_sums" WHERE "settlement_id" = ANY (ids);
  INSERT INTO "settlement_sums" ("settlement_id", "session_count", "hours", "classroom_ids", "revenue")
  SELECT x."settlement_id", count(*)::int, sum(x."hours"), array_agg(DISTINCT x."classroom_id" ORDER BY x."classroom_id"),
    coalesce(sum(r."revenue"), 0)
  FROM "settlement_sessions" x LEFT JOIN "session_revenue_sums" r ON r."session_id" = x."session_id"
  WHERE x."settlement_id" = ANY (ids)
  GROUP BY x."settlement_id"
  ORDER BY 1;
END $$;
--> statement-breakpoint
CREATE FUNCTION "settlement_sessions_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "settlement_sums_refresh"(ARRAY(SELECT DISTINCT "settlement_id" FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "settlement_sessions_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "settlement_sums_refresh"(ARRAY(SELECT DISTINCT "settlement_id" FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "settlement_sessions_sums_added" AFTER INSERT ON "settlement_sessions" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "settlement_sessions_added"();
--> statement-breakpoint
CREATE TRIGGER "settlement_sessions_sums_removed" AFTER DELETE ON "settlement_sessions" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "settlement_sessions_removed"();
--> statement-breakpoint
INSERT INTO "session_revenue_sums" ("session_id", "revenue")
SELECT t."session_id", -sum(e."amount")
FROM "ledger_entries" e JOIN "ledger_transactions" t ON t."transaction_id" = e."transaction_id"
WHERE e."account" = 'revenue' AND t."session_id" IS NOT NULL
GROUP BY t."session_id";
--> statement-breakpoint
INSERT INTO "settlement_sums" ("settlement_id", "session_count", "hours", "classroom_ids", "revenue")
SELECT x."settlement_id", count(*)::int, sum(x."hours"), array_agg(DISTINCT x."classroom_id" ORDER BY x."classroom_id"),
  coalesce(sum(r."revenue"), 0)
FROM "settlement_sessions" x LEFT JOIN "session_revenue_sums" r ON r."session_id" = x."session_id"
GROUP BY x."settlement_id";
