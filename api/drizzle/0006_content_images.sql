ALTER TABLE "articles" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;