CREATE TABLE "transfers" (
	"transfer_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_key" uuid NOT NULL,
	"source_classroom_id" uuid NOT NULL,
	"destination_classroom_id" uuid NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"charge_per_hour" numeric(18, 2),
	"income_per_hour" numeric(18, 2),
	"description" text,
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
	CONSTRAINT "transfers_amount_check" CHECK ("transfers"."amount" > 0 and coalesce("transfers"."charge_per_hour", 0) >= 0 and coalesce("transfers"."income_per_hour", 0) >= 0),
	CONSTRAINT "transfers_classrooms_check" CHECK ("transfers"."source_classroom_id" <> "transfers"."destination_classroom_id"),
	CONSTRAINT "transfers_reversed_check" CHECK ("transfers"."reversed_at" is null or "transfers"."confirmed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_source_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("source_classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_destination_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("destination_classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_create_moment_idx" ON "transfers" USING btree ("create_moment");--> statement-breakpoint
CREATE INDEX "transfers_student_idx" ON "transfers" USING btree ("student_key","create_moment");--> statement-breakpoint
CREATE INDEX "transfers_source_idx" ON "transfers" USING btree ("source_classroom_id");--> statement-breakpoint
CREATE INDEX "transfers_destination_idx" ON "transfers" USING btree ("destination_classroom_id");