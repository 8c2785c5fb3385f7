CREATE TABLE "release_judge" (
	"id" integer PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"minute" timestamp with time zone NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "web_vitals_remote_version_metric_minute_bucket_pk" PRIMARY KEY("remote","version","metric","minute","bucket")
);
--> statement-breakpoint
CREATE INDEX "web_vitals_minute_idx" ON "web_vitals" USING btree ("minute");