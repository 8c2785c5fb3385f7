CREATE TABLE "gift_cards" (
	"code" text PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"balance" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"failed_pins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "gift_cards_balance_check" CHECK ("gift_cards"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"number" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"status" text NOT NULL,
	"access_token" text NOT NULL,
	"user_sub" text,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"agree_to_marketing" boolean DEFAULT false NOT NULL,
	"shipping_type" text NOT NULL,
	"shipping" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"promo_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"promotions" jsonb NOT NULL,
	"payments" jsonb NOT NULL,
	"item_subtotal" integer NOT NULL,
	"total_discount" integer NOT NULL,
	"shipping_price" integer NOT NULL,
	"grand_total" integer NOT NULL,
	"gst" integer NOT NULL,
	"loyalty_points" integer DEFAULT 0 NOT NULL,
	"analytics" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"method_code" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_usages" (
	"promotion_id" text NOT NULL,
	"order_number" text NOT NULL,
	"customer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_usages_promotion_id_order_number_pk" PRIMARY KEY("promotion_id","order_number")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"version_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"rule" jsonb NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"stops_further" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"usage_limit" integer,
	"usage_limit_per_customer" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text NOT NULL,
	"price" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD CONSTRAINT "promotion_usages_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_active_idx" ON "orders" USING btree ("cart_id") WHERE "orders"."status" in ('pending', 'awaiting_payment', 'placed');--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_sub","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "promotion_usages_customer_idx" ON "promotion_usages" USING btree ("customer","promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree ("code");