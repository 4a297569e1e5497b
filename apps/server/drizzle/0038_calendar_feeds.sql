CREATE TABLE "calendar_feed_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"holder_key" uuid NOT NULL,
	"subject_key" uuid NOT NULL,
	"language" text NOT NULL,
	"create_moment" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_tokens_language_check" CHECK ("calendar_feed_tokens"."language" in ('en', 'zh'))
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_holder_key_users_public_key_fk" FOREIGN KEY ("holder_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_subject_key_users_public_key_fk" FOREIGN KEY ("subject_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_holder_subject_idx" ON "calendar_feed_tokens" USING btree ("holder_key","subject_key");