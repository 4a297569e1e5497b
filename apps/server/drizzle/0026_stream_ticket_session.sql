-- A stream ticket belongs to its session (issue 26); tickets live a minute, so the unused ones are dropped.
DELETE FROM "notification_stream_tickets";--> statement-breakpoint
ALTER TABLE "notification_stream_tickets" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_stream_tickets" ADD CONSTRAINT "notification_stream_tickets_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;
