ALTER TABLE "points_of_interest" DROP CONSTRAINT "points_of_interest_kind_check";--> statement-breakpoint
ALTER TABLE "points_of_interest" DROP CONSTRAINT "points_of_interest_source_check";--> statement-breakpoint
CREATE INDEX "points_of_interest_kind_lat_idx" ON "points_of_interest" USING btree ("kind","lat","lng");--> statement-breakpoint
ALTER TABLE "points_of_interest" ADD CONSTRAINT "points_of_interest_kind_check" CHECK ("points_of_interest"."kind" in ('school', 'pub', 'station'));--> statement-breakpoint
ALTER TABLE "points_of_interest" ADD CONSTRAINT "points_of_interest_source_check" CHECK ("points_of_interest"."source" in ('gias', 'osm', 'naptan', 'demo'));