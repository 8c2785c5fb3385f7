ALTER TABLE "orders" ADD COLUMN "loyalty_member_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fraud_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fraud_decision" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fraud_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_payment_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
-- Hand-added backfill: orders already waiting for Afterpay approval get the default deadline (AFTERPAY_CHECKOUT_TTL_MINUTES = 60) from their last update, so the sweep releases what they hold.
UPDATE "orders" SET "payment_expires_at" = "updated_at" + interval '60 minutes' WHERE "status" = 'awaiting_payment' AND "payment_expires_at" IS NULL;
