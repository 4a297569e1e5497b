CREATE TABLE "settlement_sessions" (
	"settlement_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"teacher_key" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"hours" numeric(12, 4) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "settlement_sessions_settlement_id_session_id_pk" PRIMARY KEY("settlement_id","session_id"),
	CONSTRAINT "settlement_sessions_amount_check" CHECK ("settlement_sessions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"settlement_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_key" uuid NOT NULL,
	"settlement_type" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"description" text,
	"from_time" timestamp with time zone,
	"to_time" timestamp with time zone NOT NULL,
	"classroom_id" uuid,
	"lesson_type" text,
	"group_id" uuid,
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
	CONSTRAINT "settlements_amount_check" CHECK ("settlements"."amount" > 0),
	CONSTRAINT "settlements_type_check" CHECK ("settlements"."settlement_type" in ('TeachingSalary', 'OtherPayments')),
	CONSTRAINT "settlements_period_check" CHECK ("settlements"."from_time" is null or "settlements"."from_time" <= "settlements"."to_time"),
	CONSTRAINT "settlements_reversed_check" CHECK ("settlements"."reversed_at" is null or "settlements"."confirmed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "settlement_sessions" ADD CONSTRAINT "settlement_sessions_settlement_id_settlements_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("settlement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_teacher_key_users_public_key_fk" FOREIGN KEY ("teacher_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_sessions_covered_unique" ON "settlement_sessions" USING btree ("session_id","teacher_key") WHERE "settlement_sessions"."released_at" is null;--> statement-breakpoint
CREATE INDEX "settlement_sessions_teacher_idx" ON "settlement_sessions" USING btree ("teacher_key");--> statement-breakpoint
CREATE INDEX "settlements_create_moment_idx" ON "settlements" USING btree ("create_moment");--> statement-breakpoint
CREATE INDEX "settlements_teacher_idx" ON "settlements" USING btree ("teacher_key","create_moment");--> statement-breakpoint
CREATE INDEX "settlements_classroom_idx" ON "settlements" USING btree ("classroom_id");--> statement-breakpoint
CREATE INDEX "settlements_group_idx" ON "settlements" USING btree ("group_id");