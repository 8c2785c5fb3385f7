CREATE TABLE "saved_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"gateway_token" text NOT NULL,
	"card_type" text NOT NULL,
	"last_four" text NOT NULL,
	"expiry" text DEFAULT '' NOT NULL,
	"fingerprint" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saved_payment_methods_sub_idx" ON "saved_payment_methods" USING btree ("sub","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_token_idx" ON "saved_payment_methods" USING btree ("gateway_token");