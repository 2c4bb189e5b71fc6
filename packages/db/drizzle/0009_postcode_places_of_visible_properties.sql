-- The gazetteer's postcode places (districts 'LS1' and postcodes 'LS1 4AP') are built from the
-- properties a visitor may see, never from locked ones: a place's existence, centre, bounds, count
-- and town name would otherwise give away a pre-market property's postcode and position.
-- `refresh_postcode_places` rebuilds the places of some districts from their visible properties;
-- the triggers below call it in the transaction that inserts, updates, deletes or locks a property,
-- so no reader ever sees a place that still counts a property which has just been locked.
CREATE OR REPLACE FUNCTION refresh_postcode_places(districts text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM places
  WHERE location_type = 'postcode_district' AND place_id IN (SELECT 'gb:postcode:' || d FROM unnest(districts) AS d);
  -- A postcode's search key is its lower-case code: the keys from 'ls1 ' up to 'ls1!' are LS1's, and
  -- the pattern operators let the (location_type, search_key text_pattern_ops) index find them.
  DELETE FROM places AS p
  USING unnest(districts) AS d
  WHERE p.location_type = 'postcode' AND p.search_key ~>=~ (lower(d) || ' ') AND p.search_key ~<~ (lower(d) || '!');
  -- A district's centre is the mean of its properties, its box spans them padded by half a kilometre;
  -- the town is the one most of them name.
  INSERT INTO places (place_id, location_type, name, description, location, lat, lng, south, west, north, east, population, search_key)
  SELECT 'gb:postcode:' || code, 'postcode_district', code, 'Postcode district, ' || town, code || ', ' || town, lat, lng,
    south - 0.5 / 111.32, west - 0.5 / (111.32 * cos(radians(lat))),
    north + 0.5 / 111.32, east + 0.5 / (111.32 * cos(radians(lat))),
    population, lower(code)
  FROM (
    SELECT postcode_district AS code, mode() WITHIN GROUP (ORDER BY town) AS town, avg(lat) AS lat, avg(lng) AS lng,
      min(lat) AS south, min(lng) AS west, max(lat) AS north, max(lng) AS east, count(*)::integer AS population
    FROM properties
    WHERE NOT is_locked AND postcode_district = ANY (districts)
    GROUP BY postcode_district
  ) AS grouped;
  -- A postcode covers a street or two: a square of a quarter kilometre each way around its centre.
  INSERT INTO places (place_id, location_type, name, description, location, lat, lng, south, west, north, east, population, search_key)
  SELECT 'gb:postcode:' || code, 'postcode', code, 'Postcode, ' || town, code || ', ' || town, lat, lng,
    lat - 0.25 / 111.32, lng - 0.25 / (111.32 * cos(radians(lat))),
    lat + 0.25 / 111.32, lng + 0.25 / (111.32 * cos(radians(lat))),
    population, lower(code)
  FROM (
    SELECT postcode_unit AS code, mode() WITHIN GROUP (ORDER BY town) AS town, avg(lat) AS lat, avg(lng) AS lng,
      count(*)::integer AS population
    FROM properties
    WHERE NOT is_locked AND postcode_district = ANY (districts)
    GROUP BY postcode_unit
  ) AS grouped;
$$;
--> statement-breakpoint
-- The districts a statement touched: every district of an inserted or deleted row, and of an updated
-- row whose visibility, postcode, town or position changed (before or after the change).
CREATE OR REPLACE FUNCTION properties_refresh_postcode_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM places WHERE location_type IN ('postcode_district', 'postcode');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT postcode_district) INTO affected FROM new_rows WHERE postcode_district IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT postcode_district) INTO affected FROM old_rows WHERE postcode_district IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT postcode_district) INTO affected
    FROM (
      (SELECT property_profile_id, is_locked, postcode_district, postcode_unit, town, lat, lng FROM old_rows
       EXCEPT
       SELECT property_profile_id, is_locked, postcode_district, postcode_unit, town, lat, lng FROM new_rows)
      UNION ALL
      (SELECT property_profile_id, is_locked, postcode_district, postcode_unit, town, lat, lng FROM new_rows
       EXCEPT
       SELECT property_profile_id, is_locked, postcode_district, postcode_unit, town, lat, lng FROM old_rows)
    ) AS changed
    WHERE postcode_district IS NOT NULL;
  END IF;
  IF affected IS NOT NULL THEN
    PERFORM refresh_postcode_places(affected);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER properties_postcode_places_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION properties_refresh_postcode_places();
--> statement-breakpoint
CREATE TRIGGER properties_postcode_places_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION properties_refresh_postcode_places();
--> statement-breakpoint
CREATE TRIGGER properties_postcode_places_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION properties_refresh_postcode_places();
--> statement-breakpoint
CREATE TRIGGER properties_postcode_places_truncate AFTER TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION properties_refresh_postcode_places();
--> statement-breakpoint
-- Places built before this migration counted locked properties too.
DELETE FROM places WHERE location_type IN ('postcode_district', 'postcode');
--> statement-breakpoint
SELECT refresh_postcode_places(array(SELECT DISTINCT postcode_district FROM properties WHERE postcode_district IS NOT NULL));
