CREATE TABLE "parent_report_links" (
	"link_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_hash" text NOT NULL,
	"session_id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"student_key" uuid NOT NULL,
	"created_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"open_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	CONSTRAINT "parent_report_links_report_hash_unique" UNIQUE("report_hash")
);
--> statement-breakpoint
ALTER TABLE "parent_report_links" ADD CONSTRAINT "parent_report_links_session_id_classroom_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."classroom_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_report_links" ADD CONSTRAINT "parent_report_links_classroom_id_classrooms_classroom_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("classroom_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_report_links" ADD CONSTRAINT "parent_report_links_student_key_users_public_key_fk" FOREIGN KEY ("student_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_report_links" ADD CONSTRAINT "parent_report_links_created_by_users_public_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_report_links" ADD CONSTRAINT "parent_report_links_revoked_by_users_public_key_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_report_links_session_student_idx" ON "parent_report_links" USING btree ("session_id","student_key","create_moment");