-- Refunds by staff (POST /staff/payments/{paymentId}/refund): a card refund's row keeps the
-- reason the payer was told and the staff member who asked for it (both null for the app's own
-- refunds), and the staff's payment search lists card payments and wallet debits newest first.
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "requested_by" text;--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_debits_idx" ON "wallet_transactions" USING btree ("created_at") WHERE "wallet_transactions"."action" = 'debit';
