-- Refreshing a district's postcode places deleted them through a range join that PostgreSQL answered
-- with a scan of every place (about a second for four districts at 100,000 properties, so a bulk load
-- that touches every district grew with the square of its size): now by the district's index.
CREATE INDEX "places_postcode_district_idx" ON "places" USING btree (split_part("search_key", ' ', 1)) WHERE "places"."location_type" = 'postcode';--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_postcode_places(districts text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM places
  WHERE location_type = 'postcode_district' AND place_id IN (SELECT 'gb:postcode:' || d FROM unnest(districts) AS d);
  -- A postcode's search key is its lower-case code: its first word is its district, which the
  -- places_postcode_district_idx index finds.
  DELETE FROM places
  WHERE location_type = 'postcode' AND split_part(search_key, ' ', 1) = ANY (array(SELECT lower(d) FROM unnest(districts) AS d));
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
    WHERE NOT is_locked AND availability <> 'withdrawn' AND postcode_district = ANY (districts)
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
    WHERE NOT is_locked AND availability <> 'withdrawn' AND postcode_district = ANY (districts)
    GROUP BY postcode_unit
  ) AS grouped;
$$;
