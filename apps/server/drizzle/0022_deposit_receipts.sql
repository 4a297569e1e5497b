CREATE TABLE "deposit_receipt_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"receipt_id" uuid NOT NULL,
	"user_key" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_receipts" (
	"receipt_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stored_name" text NOT NULL,
	"kind" text NOT NULL,
	"size_in_bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_receipts_deposit_id_unique" UNIQUE("deposit_id"),
	CONSTRAINT "deposit_receipts_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
ALTER TABLE "deposit_receipt_tickets" ADD CONSTRAINT "deposit_receipt_tickets_receipt_id_deposit_receipts_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."deposit_receipts"("receipt_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_receipt_tickets" ADD CONSTRAINT "deposit_receipt_tickets_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_receipts" ADD CONSTRAINT "deposit_receipts_deposit_id_deposits_deposit_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("deposit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_receipts" ADD CONSTRAINT "deposit_receipts_uploaded_by_users_public_key_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_receipt_tickets_expires_idx" ON "deposit_receipt_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "deposit_receipt_tickets_receipt_idx" ON "deposit_receipt_tickets" USING btree ("receipt_id");