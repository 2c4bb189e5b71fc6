-- Counts and filters on columns without their own index read this covering index instead of the
-- table (drizzle-kit cannot express INCLUDE, hence a custom migration).
CREATE INDEX IF NOT EXISTS "properties_search_cover_idx" ON "properties" USING btree ("transaction_type_id","availability")
  INCLUDE ("price","bedroom","bathroom","reception","property_type_id","property_style_id","has_garden","has_parking",
           "furnishing","new_home","shared_ownership","retirement","short_let","house_flat_share","pets_allowed","bills_included","lat","lng");
