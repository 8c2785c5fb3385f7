ALTER TABLE "error_reports" ADD COLUMN "remote" text;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "remote_version" text;--> statement-breakpoint
CREATE INDEX "error_reports_remote_idx" ON "error_reports" USING btree ("remote","remote_version","received_at");