CREATE TABLE "notification_stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_key" uuid NOT NULL,
	"language" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"notification_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_key" uuid NOT NULL,
	"message_type" text NOT NULL,
	"message_key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"event_id" uuid,
	"created_by" uuid,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_stream_tickets" ADD CONSTRAINT "notification_stream_tickets_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_key_users_public_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_public_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("public_key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_stream_tickets_expires_idx" ON "notification_stream_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_key","create_moment","notification_id");--> statement-breakpoint
CREATE INDEX "notifications_create_moment_idx" ON "notifications" USING btree ("create_moment");--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_key","seq");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_key") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_idx" ON "notifications" USING btree ("event_id","user_key") WHERE "notifications"."event_id" is not null;