CREATE TABLE "sandbox_apple_pay_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"card_type" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry" text,
	"fingerprint" text,
	"outcome" text NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_later_checkouts" (
	"token" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"amount" integer NOT NULL,
	"return_url" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"transaction_id" text,
	CONSTRAINT "sandbox_pay_later_checkouts_state_check" CHECK ("sandbox_pay_later_checkouts"."state" in ('PENDING', 'APPROVED', 'DECLINED', 'CAPTURED', 'EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_paypal_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"origin" text NOT NULL,
	"state" text NOT NULL,
	"payer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_recent_charges" (
	"key" text PRIMARY KEY NOT NULL,
	"charged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"order_number" text,
	"instrument" text,
	"created_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "sandbox_transactions_status_check" CHECK ("sandbox_transactions"."status" in ('authorized', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_vaulted_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"card_type" text NOT NULL,
	"last_four" text NOT NULL,
	"fingerprint" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_apple_pay_sessions_created_idx" ON "sandbox_apple_pay_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_nonces_created_idx" ON "sandbox_nonces" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_pay_later_checkouts_expires_idx" ON "sandbox_pay_later_checkouts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_paypal_payments_created_idx" ON "sandbox_paypal_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_recent_charges_charged_idx" ON "sandbox_recent_charges" USING btree ("charged_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transactions_order_charge_idx" ON "sandbox_transactions" USING btree ("order_number") WHERE "sandbox_transactions"."kind" = 'charge' and "sandbox_transactions"."status" = 'authorized';--> statement-breakpoint
CREATE INDEX "sandbox_transactions_created_idx" ON "sandbox_transactions" USING btree ("created_at");