-- Covering indexes of position for location searches. A search near two places was the OR of their
-- circles in one WHERE clause, which PostgreSQL can only answer with a bitmap of candidates, each read
-- from the table (at 100,000 properties 2,800 candidates on 1,600 pages, ANDed with the 51,000
-- entries of the price index, for 770 matches). It is now a union of one range per place (and per kind
-- of position, for a visitor), each read index-only from these: the position, then every column a
-- filter or a sort reads.
DROP INDEX IF EXISTS "properties_lat_lng_idx";--> statement-breakpoint
CREATE INDEX "properties_geo_cover_idx" ON "properties" USING btree ("lat","lng")
  INCLUDE ("transaction_type_id","availability","is_locked","created_at","property_profile_id","price","public_price","public_lat","public_lng",
           "bedroom","bathroom","reception","property_type_id","property_style_id","has_garden","has_parking","furnishing",
           "new_home","shared_ownership","retirement","short_let","house_flat_share","pets_allowed","bills_included");--> statement-breakpoint
-- A visitor finds a locked property by its rounded position and what its locked card shows; its
-- search type leads, so a search that reads every locked property of a type (the locked branch of a
-- keyword search) takes them from here instead of ANDing the type's 65,000 entries of another index.
DROP INDEX IF EXISTS "properties_locked_public_geo_idx";--> statement-breakpoint
CREATE INDEX "properties_locked_public_geo_cover_idx" ON "properties" USING btree ("transaction_type_id","public_lat","public_lng")
  INCLUDE ("availability","created_at","property_profile_id","public_price")
  WHERE "is_locked";
