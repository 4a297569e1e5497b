CREATE TABLE "deposit_method_sums" (
	"payment_method" text PRIMARY KEY NOT NULL,
	"confirmed" numeric(18, 2) NOT NULL,
	"waiting" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "deposits_payment_method_idx";--> statement-breakpoint
CREATE INDEX "deposits_payment_method_idx" ON "deposits" USING btree ("payment_method","create_moment","amount","confirmed_at","reversed_at");
--> statement-breakpoint
-- Kept by the deposits themselves: each statement adds what its new rows bring and takes back what
-- its old rows brought, per payment method, in key order (concurrent writers lock in the same
-- order); a change that moves no money (a first confirmation step, a receipt) touches no row.
-- One function for the three triggers: each names only the transition tables its event has.
CREATE FUNCTION "deposit_sums_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows' END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO "deposit_method_sums" AS s ("payment_method", "confirmed", "waiting")
    SELECT d."payment_method",
      sum(d.sign * CASE WHEN d."confirmed_at" IS NOT NULL AND d."reversed_at" IS NULL THEN d."amount" ELSE 0 END),
      sum(d.sign * CASE WHEN d."confirmed_at" IS NULL THEN d."amount" ELSE 0 END)
    FROM (%s) d
    GROUP BY d."payment_method"
    HAVING sum(d.sign * CASE WHEN d."confirmed_at" IS NOT NULL AND d."reversed_at" IS NULL THEN d."amount" ELSE 0 END) <> 0
      OR sum(d.sign * CASE WHEN d."confirmed_at" IS NULL THEN d."amount" ELSE 0 END) <> 0
    ORDER BY 1
    ON CONFLICT ("payment_method") DO UPDATE SET
      "confirmed" = s."confirmed" + excluded."confirmed",
      "waiting" = s."waiting" + excluded."waiting"$sql$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "deposits_sums_insert" AFTER INSERT ON "deposits" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "deposit_sums_apply"();
--> statement-breakpoint
CREATE TRIGGER "deposits_sums_update" AFTER UPDATE ON "deposits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "deposit_sums_apply"();
--> statement-breakpoint
CREATE TRIGGER "deposits_sums_delete" AFTER DELETE ON "deposits" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "deposit_sums_apply"();
--> statement-breakpoint
INSERT INTO "deposit_method_sums" ("payment_method", "confirmed", "waiting")
SELECT "payment_method",
  sum(CASE WHEN "confirmed_at" IS NOT NULL AND "reversed_at" IS NULL THEN "amount" ELSE 0 END),
  sum(CASE WHEN "confirmed_at" IS NULL THEN "amount" ELSE 0 END)
FROM "deposits"
GROUP BY "payment_method";
