-- Heads Up matching: each location of an alert's criteria as a row with the area it searches, kept by a
-- trigger so that every writer of contact_applicants.criteria (the API, the demo data, SQL by hand)
-- keeps it right. The area is the one the property search uses (apps/api/src/queries/geo.ts): the
-- place's bounds for radius 0 when known; otherwise the bounding box of the circle (radius 0 without
-- bounds searches half a mile), 1 % larger, the exact distance being checked when matching.
-- Boxes are not split across the antimeridian: the agency's properties are in the United Kingdom.
CREATE FUNCTION sync_alert_locations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM alert_locations WHERE contact_applicant_id = NEW.contact_applicant_id;
  INSERT INTO alert_locations (contact_applicant_id, position, lat, lng, radius, is_bounds, box)
  SELECT NEW.contact_applicant_id, (l.ord - 1)::smallint, v.lat, v.lng, v.radius, v.is_bounds,
    CASE WHEN v.is_bounds
      THEN cube(array[(l.loc->'bounds'->>'south')::float8, (l.loc->'bounds'->>'west')::float8],
                array[(l.loc->'bounds'->>'north')::float8, (l.loc->'bounds'->>'east')::float8])
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
           (CASE WHEN coalesce((l.loc->>'distance')::float8, 0) > 0 THEN (l.loc->>'distance')::float8 ELSE 0.5 END) * 1.01
             / (pi() * 3958.8 / 180) AS dlat
  ) v
  WHERE v.lat IS NOT NULL AND v.lng IS NOT NULL;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER contact_applicants_alert_locations AFTER INSERT OR UPDATE OF criteria ON contact_applicants
  FOR EACH ROW EXECUTE FUNCTION sync_alert_locations();--> statement-breakpoint
UPDATE contact_applicants SET criteria = criteria;
