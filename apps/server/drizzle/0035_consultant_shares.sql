CREATE TABLE "consultant_shares" (
	"consultant_key" uuid PRIMARY KEY NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"set_by" uuid NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultant_shares_percent_check" CHECK ("consultant_shares"."percent" >= 0 and "consultant_shares"."percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "consultant_shares" ADD CONSTRAINT "consultant_shares_consultant_key_users_public_key_fk" FOREIGN KEY ("consultant_key") REFERENCES "public"."users"("public_key") ON DELETE cascade ON UPDATE no action;