CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"erp_original_price" integer NOT NULL,
	CONSTRAINT "product_prices_product_id_currency_pk" PRIMARY KEY("product_id","currency"),
	CONSTRAINT "product_prices_price_check" CHECK ("product_prices"."price" >= 0 and "product_prices"."erp_original_price" >= "product_prices"."price")
);
--> statement-breakpoint
DROP INDEX "promotions_code_idx";--> statement-breakpoint
ALTER TABLE "account_states" ADD COLUMN "market" text DEFAULT 'NZ' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_states" DROP CONSTRAINT "account_states_pkey";--> statement-breakpoint
ALTER TABLE "account_states" ADD CONSTRAINT "account_states_sub_market_pk" PRIMARY KEY("sub","market");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "currency" text DEFAULT 'NZD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market" text DEFAULT 'NZ' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'NZD' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "currency" text DEFAULT 'NZD' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "market" text DEFAULT 'NZ' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_currency_price_idx" ON "product_prices" USING btree ("currency","price");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_currency_idx" ON "promotions" USING btree ("code","currency");