CREATE TABLE "classroom_salaries" (
	"classroom_id" uuid PRIMARY KEY NOT NULL,
	"teacher_salary_per_hour" numeric(18, 2) NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_salaries_amount_check" CHECK ("classroom_salaries"."teacher_salary_per_hour" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"deposit_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_key" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"discount_value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"deposit_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"charge_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"consultant_confirmed_by" uuid,
	"consultant_confirmed_at" timestamp with time zone,
	"consultant_message" text,
	"financial_confirmed_by" uuid,
	"financial_confirmed_at" timestamp with time zone,
	"financial_message" text,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"reversed_by" uuid,
	"reversed_at" timestamp with time zone,
	"reverse_reason" text,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" > 0 and "deposits"."discount_value" >= 0),
	CONSTRAINT "deposits_reversed_check" CHECK ("deposits"."reversed_at" is null or "deposits"."confirmed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"entry_id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"student_key" uuid,
	"classroom_id" uuid,
	"teacher_key" uuid,
	"amount" numeric(18, 2) NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"transaction_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reverses_transaction_id" uuid,
	"deposit_id" uuid,
	"session_id" uuid,
	"actor_key" uuid,
	"memo" text,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_prices" (
	"classroom_id" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"cost_per_hour" numeric(18, 2) NOT NULL,
	"discount_per_hour" numeric(18, 2) DEFAULT '0' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_prices_classroom_id_student_key_pk" PRIMARY KEY("classroom_id","student_key"),
	CONSTRAINT "student_prices_amounts_check" CHECK ("student_prices"."cost_per_hour" >= 0 and "student_prices"."discount_per_hour" >= 0 and "student_prices"."discount_per_hour" <= "student_prices"."cost_per_hour")
);
--> statement-breakpoint
CREATE TABLE "teacher_fees" (
	"teacher_fee_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_key" uuid NOT NULL,
	"fee" numeric(18, 2) NOT NULL,
	"teacher_type" text NOT NULL,
	"lesson_type" text NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_fees_fee_check" CHECK ("teacher_fees"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "classroom_salaries" ADD CONSTRAINT "classroom_salaries_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("transaction_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prices" ADD CONSTRAINT "student_prices_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_prices" ADD CONSTRAINT "student_prices_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_fees" ADD CONSTRAINT "teacher_fees_teacher_key_users_public_key_fk" FOREIGN KEY ("teacher_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_create_moment_idx" ON "deposits" USING btree ("create_moment");--> statement-breakpoint
CREATE INDEX "deposits_student_idx" ON "deposits" USING btree ("student_key","create_moment");--> statement-breakpoint
CREATE INDEX "deposits_classroom_idx" ON "deposits" USING btree ("classroom_id","create_moment");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_student_idx" ON "ledger_entries" USING btree ("account","student_key","classroom_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_classroom_idx" ON "ledger_entries" USING btree ("account","classroom_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_teacher_idx" ON "ledger_entries" USING btree ("account","teacher_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_unique" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses_unique" ON "ledger_transactions" USING btree ("reverses_transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_deposit_idx" ON "ledger_transactions" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_session_idx" ON "ledger_transactions" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_fees_teacher_lesson_type_unique" ON "teacher_fees" USING btree ("teacher_key","lesson_type");--> statement-breakpoint
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum("amount"), 0) FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id") <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced', NEW."transaction_id" USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
