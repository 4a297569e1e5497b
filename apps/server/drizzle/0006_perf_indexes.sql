-- Trigram indexes behind the lists' "contains" searches (issue #9). pg_trgm is a trusted extension: the
-- database owner may create it; PGlite loads it in openDatabase (db/client.ts pgliteExtensions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "available_times_week_idx" ON "available_times" USING btree ("start_at","end_at","teacher_key","state","series_id","available_time_id");--> statement-breakpoint
CREATE INDEX "classroom_sessions_start_page_idx" ON "classroom_sessions" USING btree ("start_at","session_id","classroom_id");--> statement-breakpoint
CREATE INDEX "classroom_sessions_classroom_state_idx" ON "classroom_sessions" USING btree ("classroom_id","state","start_at");--> statement-breakpoint
CREATE INDEX "classrooms_name_trgm_idx" ON "classrooms" USING gin ("classroom_name" gin_trgm_ops);