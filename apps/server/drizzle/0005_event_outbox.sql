CREATE TABLE "outbox_events" (
	"event_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done_subscribers" text[] DEFAULT '{}'::text[] NOT NULL,
	"dispatched_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "outbox_events_pending_idx" ON "outbox_events" USING btree ("available_at","occurred_at") WHERE "outbox_events"."dispatched_at" is null and "outbox_events"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_events_dispatched_idx" ON "outbox_events" USING btree ("dispatched_at") WHERE "outbox_events"."dispatched_at" is not null;--> statement-breakpoint
CREATE VIEW "people" AS SELECT "public_key", "full_name", "role", "status", "base_type", "consultant_key", "image_url", "extra_permissions" FROM "users";
