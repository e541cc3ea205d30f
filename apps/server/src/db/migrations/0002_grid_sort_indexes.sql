CREATE INDEX "invoices_grid_amount" ON "invoices" USING btree ("customer_id","tran_currency_code","status","amount","id");--> statement-breakpoint
CREATE INDEX "invoices_grid_balance" ON "invoices" USING btree ("customer_id","tran_currency_code","status","balance","id");--> statement-breakpoint
CREATE INDEX "invoices_grid_inv_no" ON "invoices" USING btree ("customer_id","tran_currency_code","status","inv_no","id");--> statement-breakpoint
CREATE INDEX "invoices_grid_invoice_date" ON "invoices" USING btree ("customer_id","tran_currency_code","status","invoice_date","id");