CREATE TABLE "places" (
	"place_id" text PRIMARY KEY NOT NULL,
	"location_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"south" double precision NOT NULL,
	"west" double precision NOT NULL,
	"north" double precision NOT NULL,
	"east" double precision NOT NULL,
	"population" integer,
	"search_key" text NOT NULL,
	CONSTRAINT "places_location_type_check" CHECK ("places"."location_type" in ('city', 'town', 'village', 'postcode_district', 'postcode', 'branch'))
);
--> statement-breakpoint
CREATE INDEX "places_type_search_key_idx" ON "places" USING btree ("location_type","search_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "places_name_trgm_idx" ON "places" USING gin ("search_key" gin_trgm_ops) WHERE location_type in ('city', 'town', 'village', 'branch');