ALTER TABLE "feed_imports" ADD COLUMN "refusals_notified_at" timestamp with time zone;--> statement-breakpoint
-- Imports from before the notices: their branches are not e-mailed of old refusals now.
UPDATE "feed_imports" SET "refusals_notified_at" = "finished_at";