CREATE TABLE "postcode_districts" (
	"district" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"postcodes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postcodes" (
	"postcode" text PRIMARY KEY NOT NULL,
	"district" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "bathroom" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "reception" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "location_precision" text DEFAULT 'postcode' NOT NULL;--> statement-breakpoint
CREATE INDEX "postcodes_district_idx" ON "postcodes" USING btree ("district");--> statement-breakpoint
-- Only a property placed at its postcode (location_precision 'postcode') makes or moves a postcode
-- place: one placed at its district's or town's centre would put 'SL9 9HB' where the town is. The
-- same two functions as 0025, with that condition, and watching the precision.
CREATE OR REPLACE FUNCTION refresh_postcode_places(districts text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM places
  WHERE location_type = 'postcode_district' AND place_id IN (SELECT 'gb:postcode:' || d FROM unnest(districts) AS d);
  DELETE FROM places
  WHERE location_type = 'postcode' AND split_part(search_key, ' ', 1) = ANY (array(SELECT lower(d) FROM unnest(districts) AS d));
  INSERT INTO places (place_id, location_type, name, description, location, lat, lng, south, west, north, east, population, search_key)
  SELECT 'gb:postcode:' || code, 'postcode_district', code, 'Postcode district, ' || town, code || ', ' || town, lat, lng,
    south - 0.5 / 111.32, west - 0.5 / (111.32 * cos(radians(lat))),
    north + 0.5 / 111.32, east + 0.5 / (111.32 * cos(radians(lat))),
    population, lower(code)
  FROM (
    SELECT postcode_district AS code, mode() WITHIN GROUP (ORDER BY town) AS town, avg(lat) AS lat, avg(lng) AS lng,
      min(lat) AS south, min(lng) AS west, max(lat) AS north, max(lng) AS east, count(*)::integer AS population
    FROM properties
    WHERE NOT is_locked AND availability <> 'withdrawn' AND location_precision = 'postcode' AND postcode_district = ANY (districts)
    GROUP BY postcode_district
  ) AS grouped;
  INSERT INTO places (place_id, location_type, name, description, location, lat, lng, south, west, north, east, population, search_key)
  SELECT 'gb:postcode:' || code, 'postcode', code, 'Postcode, ' || town, code || ', ' || town, lat, lng,
    lat - 0.25 / 111.32, lng - 0.25 / (111.32 * cos(radians(lat))),
    lat + 0.25 / 111.32, lng + 0.25 / (111.32 * cos(radians(lat))),
    population, lower(code)
  FROM (
    SELECT postcode_unit AS code, mode() WITHIN GROUP (ORDER BY town) AS town, avg(lat) AS lat, avg(lng) AS lng,
      count(*)::integer AS population
    FROM properties
    WHERE NOT is_locked AND availability <> 'withdrawn' AND location_precision = 'postcode' AND postcode_district = ANY (districts)
    GROUP BY postcode_unit
  ) AS grouped;
$$;
--> statement-breakpoint
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
      (SELECT property_profile_id, is_locked, availability, location_precision, postcode_district, postcode_unit, town, lat, lng FROM old_rows
       EXCEPT
       SELECT property_profile_id, is_locked, availability, location_precision, postcode_district, postcode_unit, town, lat, lng FROM new_rows)
      UNION ALL
      (SELECT property_profile_id, is_locked, availability, location_precision, postcode_district, postcode_unit, town, lat, lng FROM new_rows
       EXCEPT
       SELECT property_profile_id, is_locked, availability, location_precision, postcode_district, postcode_unit, town, lat, lng FROM old_rows)
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
-- How a feed's properties were placed before is not known (the importer then guessed from nearby
-- stock): approximate until the next import places them again, and out of the postcode places now.
UPDATE properties SET location_precision = 'town' WHERE agent_ref IS NOT NULL;
--> statement-breakpoint
-- A demo database keeps placing feeds by its own stock's postcodes until the UK's are loaded.
INSERT INTO postcodes (postcode, district, lat, lng, source)
SELECT postcode_unit, postcode_district, avg(lat), avg(lng), 'demo' FROM properties
WHERE agent_ref IS NULL AND postcode_unit IS NOT NULL GROUP BY postcode_unit, postcode_district;
--> statement-breakpoint
INSERT INTO postcode_districts (district, lat, lng, postcodes)
SELECT district, avg(lat), avg(lng), count(*)::integer FROM postcodes GROUP BY district;
