CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"items" text[]
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_window_end_idx" ON "rate_limits" USING btree ("window_end");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" = 'pending';