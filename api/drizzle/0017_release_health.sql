CREATE TABLE "release_health" (
	"minute" timestamp with time zone NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"renders" integer DEFAULT 0 NOT NULL,
	"render_failures" integer DEFAULT 0 NOT NULL,
	"error_reports" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_health_remote_version_minute_pk" PRIMARY KEY("remote","version","minute")
);
--> statement-breakpoint
CREATE INDEX "release_health_minute_idx" ON "release_health" USING btree ("minute");