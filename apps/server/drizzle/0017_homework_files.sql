CREATE TABLE "homework_file_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"homework_file_id" uuid NOT NULL,
	"user_key" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_files" (
	"homework_file_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"homework_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"stored_name" text NOT NULL,
	"kind" text NOT NULL,
	"size_in_bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_files_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "homework_files_role_check" CHECK ("homework_files"."role" in ('assignment', 'answer'))
);
--> statement-breakpoint
ALTER TABLE "homework_file_tickets" ADD CONSTRAINT "homework_file_tickets_homework_file_id_homework_files_homework_file_id_fk" FOREIGN KEY ("homework_file_id") REFERENCES "public"."homework_files"("homework_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_file_tickets" ADD CONSTRAINT "homework_file_tickets_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_homework_id_homeworks_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homeworks"("homework_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_uploaded_by_users_public_key_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_file_tickets_expires_idx" ON "homework_file_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "homework_file_tickets_file_idx" ON "homework_file_tickets" USING btree ("homework_file_id");--> statement-breakpoint
CREATE INDEX "homework_files_homework_idx" ON "homework_files" USING btree ("homework_id","create_moment");