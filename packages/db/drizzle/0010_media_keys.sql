ALTER TABLE "epcs" ADD COLUMN "media_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "floor_plans" ADD COLUMN "media_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "property_medias" ADD COLUMN "media_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "epcs" ADD CONSTRAINT "epcs_media_key_unique" UNIQUE("media_key");--> statement-breakpoint
ALTER TABLE "floor_plans" ADD CONSTRAINT "floor_plans_media_key_unique" UNIQUE("media_key");--> statement-breakpoint
ALTER TABLE "property_medias" ADD CONSTRAINT "property_medias_media_key_unique" UNIQUE("media_key");