CREATE TABLE "return_requests" (
	"number" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"items" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"refund_estimate" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_number");