CREATE TABLE "branches" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"branch_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"postcode" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"show_button" boolean DEFAULT true NOT NULL,
	"button_label" text DEFAULT 'View on Google Map' NOT NULL,
	"business_link" text NOT NULL,
	"marker_image" text,
	"color" text DEFAULT '#0b4f6c' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"setting_id" integer PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epcs" (
	"epc_id" serial PRIMARY KEY NOT NULL,
	"property_profile_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"file" text NOT NULL,
	"pdf_file" text
);
--> statement-breakpoint
CREATE TABLE "floor_plans" (
	"floor_plan_id" serial PRIMARY KEY NOT NULL,
	"property_profile_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"file" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"price_history_id" serial PRIMARY KEY NOT NULL,
	"property_profile_id" integer NOT NULL,
	"price" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"property_profile_id" serial PRIMARY KEY NOT NULL,
	"transaction_type_id" smallint NOT NULL,
	"property_type_id" integer NOT NULL,
	"property_style_id" integer,
	"branch_id" integer,
	"slug" text NOT NULL,
	"advert_heading" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bedroom" smallint NOT NULL,
	"bathroom" smallint NOT NULL,
	"reception" smallint NOT NULL,
	"price" integer NOT NULL,
	"price_qualifier" text NOT NULL,
	"new_home" boolean DEFAULT false NOT NULL,
	"shared_ownership" boolean DEFAULT false NOT NULL,
	"retirement" boolean DEFAULT false NOT NULL,
	"short_let" boolean DEFAULT false NOT NULL,
	"house_flat_share" boolean DEFAULT false NOT NULL,
	"pets_allowed" boolean DEFAULT false NOT NULL,
	"bills_included" boolean DEFAULT false NOT NULL,
	"furnishing" text,
	"garden_type" smallint,
	"has_garden" boolean DEFAULT false NOT NULL,
	"has_parking" boolean DEFAULT false NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"display_address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"tenure" text,
	"council_tax_band" text,
	"epc_rating" text,
	"available_from" date,
	"deposit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_medias" (
	"property_profile_media_id" serial PRIMARY KEY NOT NULL,
	"property_profile_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"file" text NOT NULL,
	"link" text,
	"caption" text,
	"is_downloadable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_styles" (
	"property_style_id" integer PRIMARY KEY NOT NULL,
	"property_type_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_types" (
	"property_type_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "epcs" ADD CONSTRAINT "epcs_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plans" ADD CONSTRAINT "floor_plans_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_property_type_id_property_types_property_type_id_fk" FOREIGN KEY ("property_type_id") REFERENCES "public"."property_types"("property_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_property_style_id_property_styles_property_style_id_fk" FOREIGN KEY ("property_style_id") REFERENCES "public"."property_styles"("property_style_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_medias" ADD CONSTRAINT "property_medias_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_styles" ADD CONSTRAINT "property_styles_property_type_id_property_types_property_type_id_fk" FOREIGN KEY ("property_type_id") REFERENCES "public"."property_types"("property_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epcs_property_idx" ON "epcs" USING btree ("property_profile_id","position");--> statement-breakpoint
CREATE INDEX "floor_plans_property_idx" ON "floor_plans" USING btree ("property_profile_id","position");--> statement-breakpoint
CREATE INDEX "price_history_property_idx" ON "price_history" USING btree ("property_profile_id","changed_at");--> statement-breakpoint
CREATE INDEX "properties_list_idx" ON "properties" USING btree ("transaction_type_id","availability","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_price_idx" ON "properties" USING btree ("transaction_type_id","price");--> statement-breakpoint
CREATE INDEX "properties_lat_lng_idx" ON "properties" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "properties_type_idx" ON "properties" USING btree ("property_type_id","property_style_id");--> statement-breakpoint
CREATE INDEX "properties_branch_idx" ON "properties" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "property_medias_property_idx" ON "property_medias" USING btree ("property_profile_id","position");--> statement-breakpoint
CREATE INDEX "property_styles_type_idx" ON "property_styles" USING btree ("property_type_id");