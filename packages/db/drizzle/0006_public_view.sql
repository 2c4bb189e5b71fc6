ALTER TABLE "properties" ADD COLUMN "public_lat" double precision GENERATED ALWAYS AS (CASE WHEN is_locked THEN round(lat::numeric, 2)::double precision ELSE lat END) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "public_lng" double precision GENERATED ALWAYS AS (CASE WHEN is_locked THEN round(lng::numeric, 2)::double precision ELSE lng END) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "public_price" integer GENERATED ALWAYS AS (CASE WHEN is_locked THEN NULL ELSE price END) STORED;--> statement-breakpoint
CREATE INDEX "properties_locked_public_geo_idx" ON "properties" USING btree ("public_lat","public_lng") WHERE "properties"."is_locked";--> statement-breakpoint
CREATE INDEX "properties_public_price_desc_idx" ON "properties" USING btree ("transaction_type_id","public_price" DESC NULLS LAST,"property_profile_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_public_price_asc_idx" ON "properties" USING btree ("transaction_type_id","public_price","property_profile_id");--> statement-breakpoint
-- The covering index of counts (0005) with the columns a visitor's search reads too: a locked
-- property matches by its flag and public position, and counts stay index-only scans.
DROP INDEX IF EXISTS "properties_search_cover_idx";--> statement-breakpoint
CREATE INDEX "properties_search_cover_idx" ON "properties" USING btree ("transaction_type_id","availability")
  INCLUDE ("price","bedroom","bathroom","reception","property_type_id","property_style_id","has_garden","has_parking",
           "furnishing","new_home","shared_ownership","retirement","short_let","house_flat_share","pets_allowed","bills_included",
           "lat","lng","is_locked","public_lat","public_lng");
