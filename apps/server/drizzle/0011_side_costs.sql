CREATE TABLE "student_side_costs" (
	"side_cost_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classroom_id" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"title" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"transaction_id" uuid,
	"created_by" uuid NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by" uuid,
	"removed_at" timestamp with time zone,
	CONSTRAINT "student_side_costs_amount_check" CHECK ("student_side_costs"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "student_side_costs" ADD CONSTRAINT "student_side_costs_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_side_costs" ADD CONSTRAINT "student_side_costs_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_side_costs" ADD CONSTRAINT "student_side_costs_transaction_id_ledger_transactions_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("transaction_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_side_costs_classroom_student_idx" ON "student_side_costs" USING btree ("classroom_id","student_key","create_moment");