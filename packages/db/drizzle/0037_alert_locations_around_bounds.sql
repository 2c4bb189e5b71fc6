-- A radius above 0 around a place with bounds (a town, a postcode district) searches the bounds and that
-- radius beyond them, not a circle around the place's point (packages/domain/src/criteria.ts
-- isWithinLocation; apps/api/src/queries/geo.ts withinSql). An alert location's box is then the bounds
-- widened by the radius, 1 % more, the longitudes by the widest latitude's degree; the exact distance to
-- the bounds' nearest point is checked when matching. Radius 0 and places without bounds are as before.
-- Boxes are not split across the antimeridian: the agency's properties are in the United Kingdom.
CREATE OR REPLACE FUNCTION sync_alert_locations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_locations WHERE contact_applicant_id = NEW.contact_applicant_id;
  INSERT INTO alert_locations (contact_applicant_id, position, lat, lng, radius, is_bounds, box)
  SELECT NEW.contact_applicant_id, (l.ord - 1)::smallint, v.lat, v.lng, v.radius, v.is_bounds,
    CASE WHEN v.is_bounds
      THEN cube(array[(l.loc->'bounds'->>'south')::float8, (l.loc->'bounds'->>'west')::float8],
                array[(l.loc->'bounds'->>'north')::float8, (l.loc->'bounds'->>'east')::float8])
      WHEN v.has_bounds
      THEN cube(array[(l.loc->'bounds'->>'south')::float8 - v.dlat,
                      (l.loc->'bounds'->>'west')::float8 - v.dlat / greatest(cos(radians(least(90, greatest(abs((l.loc->'bounds'->>'south')::float8 - v.dlat), abs((l.loc->'bounds'->>'north')::float8 + v.dlat))))), 1e-6)],
                array[(l.loc->'bounds'->>'north')::float8 + v.dlat,
                      (l.loc->'bounds'->>'east')::float8 + v.dlat / greatest(cos(radians(least(90, greatest(abs((l.loc->'bounds'->>'south')::float8 - v.dlat), abs((l.loc->'bounds'->>'north')::float8 + v.dlat))))), 1e-6)])
      ELSE cube(array[v.lat - v.dlat, v.lng - v.dlat / greatest(cos(radians(v.lat)), 1e-6)],
                array[v.lat + v.dlat, v.lng + v.dlat / greatest(cos(radians(v.lat)), 1e-6)])
    END
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.criteria->'locations') = 'array' THEN NEW.criteria->'locations' ELSE '[]'::jsonb END)
    WITH ORDINALITY AS l(loc, ord)
  CROSS JOIN LATERAL (
    SELECT (l.loc->>'lat')::float8 AS lat,
           (l.loc->>'lng')::float8 AS lng,
           coalesce((l.loc->>'distance')::float8, 0) AS radius,
           coalesce((l.loc->>'distance')::float8, 0) = 0 AND jsonb_typeof(l.loc->'bounds') = 'object' AS is_bounds,
           jsonb_typeof(l.loc->'bounds') = 'object' AS has_bounds,
           (CASE WHEN coalesce((l.loc->>'distance')::float8, 0) > 0 THEN (l.loc->>'distance')::float8 ELSE 0.5 END) * 1.01
             / (pi() * 3958.8 / 180) AS dlat
  ) v
  WHERE v.lat IS NOT NULL AND v.lng IS NOT NULL;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE contact_applicants SET criteria = criteria;
