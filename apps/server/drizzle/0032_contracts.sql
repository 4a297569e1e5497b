CREATE TABLE "contract_additions" (
	"contract_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"value" numeric(18, 2) NOT NULL,
	CONSTRAINT "contract_additions_contract_id_position_pk" PRIMARY KEY("contract_id","position"),
	CONSTRAINT "contract_additions_value_check" CHECK ("contract_additions"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "contract_file_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"user_key" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_files" (
	"file_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stored_name" text NOT NULL,
	"kind" text NOT NULL,
	"size_in_bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_files_contract_id_unique" UNIQUE("contract_id"),
	CONSTRAINT "contract_files_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"contract_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_key" uuid NOT NULL,
	"contract_type" text NOT NULL,
	"contract_value" numeric(18, 2) NOT NULL,
	"discount_value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"created_by" uuid NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_type_check" CHECK ("contracts"."contract_type" in ('ApplicationForIndependentSchools', 'ApplicationForUniversities', 'ProjectsOrAcademicConferences')),
	CONSTRAINT "contracts_amounts_check" CHECK ("contracts"."contract_value" > 0 and "contracts"."discount_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "classroom_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "contract_additions" ADD CONSTRAINT "contract_additions_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_file_tickets" ADD CONSTRAINT "contract_file_tickets_file_id_contract_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."contract_files"("file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_file_tickets" ADD CONSTRAINT "contract_file_tickets_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_uploaded_by_users_public_key_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_file_tickets_expires_idx" ON "contract_file_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contract_file_tickets_file_idx" ON "contract_file_tickets" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "contracts_create_moment_idx" ON "contracts" USING btree ("create_moment","contract_id");--> statement-breakpoint
CREATE INDEX "contracts_student_idx" ON "contracts" USING btree ("student_key","create_moment");--> statement-breakpoint
CREATE INDEX "contracts_type_idx" ON "contracts" USING btree ("contract_type","create_moment");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_contract_id_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("contract_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_contract_idx" ON "deposits" USING btree ("contract_id");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_target_check" CHECK (("deposits"."classroom_id" is null) <> ("deposits"."contract_id" is null));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_contract_check" CHECK ("deposits"."contract_id" is null or ("deposits"."deposit_type" = 'Contract' and "deposits"."discount_value" = 0));