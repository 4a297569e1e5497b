-- Trigram indexes behind the users page's search box (issue 31): it looks in the nick name, user name, phone
-- number and e-mail address as well as the full name (migration 0006), one OR group of ILIKEs.
CREATE INDEX "users_nick_name_trgm_idx" ON "users" USING gin ("nick_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_user_name_trgm_idx" ON "users" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_number_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_address_trgm_idx" ON "users" USING gin ("email_address" gin_trgm_ops);