-- The covering index of searches (0006), keyed on the newest-first order too: a page of map markers
-- (hundreds, newest first, within the map's bounds) finds its ids in one index-only scan that stops
-- after the page, and reads the table for those rows alone instead of for every property in the
-- bounds. Counts read it index-only as before, on the same leading columns.
DROP INDEX IF EXISTS "properties_search_cover_idx";--> statement-breakpoint
CREATE INDEX "properties_search_cover_idx" ON "properties" USING btree ("transaction_type_id","availability","created_at" DESC NULLS LAST,"property_profile_id" DESC)
  INCLUDE ("price","bedroom","bathroom","reception","property_type_id","property_style_id","has_garden","has_parking",
           "furnishing","new_home","shared_ownership","retirement","short_let","house_flat_share","pets_allowed","bills_included",
           "lat","lng","is_locked","public_lat","public_lng");
