CREATE TABLE "botcheck_used_tokens" (
	"signature" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_srp_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"known" boolean NOT NULL,
	"client_public" text NOT NULL,
	"server_public" text NOT NULL,
	"server_secret" text NOT NULL,
	"verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE INDEX "botcheck_used_tokens_used_idx" ON "botcheck_used_tokens" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "pool_srp_challenges_expires_idx" ON "pool_srp_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_idempotency_key_idx" ON "orders" USING btree ("idempotency_key") WHERE "orders"."idempotency_key" is not null;