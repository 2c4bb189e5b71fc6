CREATE TABLE "point_of_interest_keys" (
	"place_id" text NOT NULL,
	"key" text NOT NULL,
	"is_start" boolean NOT NULL,
	CONSTRAINT "point_of_interest_keys_place_id_key_pk" PRIMARY KEY("place_id","key")
);
--> statement-breakpoint
CREATE TABLE "points_of_interest" (
	"place_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"town" text,
	"postcode" text,
	"description" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"search_key" text NOT NULL,
	"import_run" text NOT NULL,
	CONSTRAINT "points_of_interest_kind_check" CHECK ("points_of_interest"."kind" in ('school', 'pub')),
	CONSTRAINT "points_of_interest_source_check" CHECK ("points_of_interest"."source" in ('gias', 'osm', 'demo'))
);
--> statement-breakpoint
ALTER TABLE "point_of_interest_keys" ADD CONSTRAINT "point_of_interest_keys_place_id_points_of_interest_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."points_of_interest"("place_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_of_interest_keys_key_idx" ON "point_of_interest_keys" USING btree ("is_start","key" text_pattern_ops,"place_id");--> statement-breakpoint
CREATE INDEX "points_of_interest_source_run_idx" ON "points_of_interest" USING btree ("source","kind","import_run");