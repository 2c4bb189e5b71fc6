-- The index of real positions leads with a band of latitude (0.05 degrees): a location search's range
-- of latitudes on (lat, lng) read every longitude of its band, Liverpool to Hull for a circle around
-- Manchester (6,312 entries at 100,000 properties for 1,772 in the circle's box); as a list of bands
-- each is a range of longitude, and the scan reads the box and little more. The expression is the
-- one the searches write (`floor(lat * 20)::smallint`, apps/api/src/queries/geo.ts).
DROP INDEX IF EXISTS "properties_geo_cover_idx";--> statement-breakpoint
CREATE INDEX "properties_geo_band_cover_idx" ON "properties" USING btree ((floor("lat" * 20)::smallint),"lng","lat")
  INCLUDE ("transaction_type_id","availability","is_locked","created_at","property_profile_id","price","public_price","public_lat","public_lng",
           "bedroom","bathroom","reception","property_type_id","property_style_id","has_garden","has_parking","furnishing",
           "new_home","shared_ownership","retirement","short_let","house_flat_share","pets_allowed","bills_included");
