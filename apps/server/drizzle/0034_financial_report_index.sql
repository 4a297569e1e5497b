CREATE INDEX "ledger_entries_account_moment_idx" ON "ledger_entries" USING btree ("account","create_moment","amount","transaction_id","classroom_id","student_key");
