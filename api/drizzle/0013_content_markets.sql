ALTER TABLE "articles" ADD COLUMN "markets" text[] DEFAULT '{NZ,AU}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "markets" text[] DEFAULT '{NZ,AU}'::text[] NOT NULL;--> statement-breakpoint
-- The documents seeded before this column (api/src/seed/content-data.ts): the New Zealand site's own
-- pages and posts, and the Australian site's pages; every other document stays on both sites.
UPDATE "articles" SET "markets" = '{NZ}'::text[] WHERE "path" IN ('shipping', 'returns', 'warranty', 'help-centre', 'help-centre/gift-cards', 'terms-of-use', 'privacy-policy');--> statement-breakpoint
UPDATE "articles" SET "markets" = '{AU}'::text[] WHERE "path" IN ('returns-australia', 'help-centre-australia', 'warranty-australia', 'terms-of-use-australia', 'privacy-policy-australia');--> statement-breakpoint
UPDATE "blog_posts" SET "markets" = '{NZ}'::text[] WHERE "path" IN ('great-walks-day-pack', 'the-commuter-backpack-checklist', 'ferry-to-waiheke', 'ski-trip-packing', 'christmas-gift-guide', 'south-island-road-trip', 'wanaka-weekend', 'bags-that-handle-the-rain', 'long-haul-flight-essentials', 'market-day-totes');
