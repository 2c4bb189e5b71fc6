CREATE TABLE "alert_locations" (
	"contact_applicant_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"radius" double precision NOT NULL,
	"is_bounds" boolean NOT NULL,
	"box" "cube" NOT NULL,
	CONSTRAINT "alert_locations_contact_applicant_id_position_pk" PRIMARY KEY("contact_applicant_id","position")
);
--> statement-breakpoint
CREATE TABLE "alert_matches" (
	"alert_match_id" serial PRIMARY KEY NOT NULL,
	"contact_applicant_id" integer NOT NULL,
	"property_profile_id" integer NOT NULL,
	"property_event_id" integer,
	"kind" text NOT NULL,
	"old_price" integer,
	"new_price" integer NOT NULL,
	"is_pre_market" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_sent_properties" (
	"contact_applicant_id" integer NOT NULL,
	"property_profile_id" integer NOT NULL,
	"price" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_sent_properties_contact_applicant_id_property_profile_id_pk" PRIMARY KEY("contact_applicant_id","property_profile_id")
);
--> statement-breakpoint
CREATE TABLE "consent_events" (
	"consent_event_id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer,
	"contact_applicant_id" integer,
	"email" text,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"consent_text" text,
	"consent_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_events" (
	"property_event_id" serial PRIMARY KEY NOT NULL,
	"property_profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"old_price" integer,
	"new_price" integer NOT NULL,
	"is_pre_market" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_applicants" ADD COLUMN "alert_frequency" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_applicants" ADD COLUMN "unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_locations" ADD CONSTRAINT "alert_locations_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_sent_properties" ADD CONSTRAINT "alert_sent_properties_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_sent_properties" ADD CONSTRAINT "alert_sent_properties_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_events" ADD CONSTRAINT "property_events_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_locations_box_idx" ON "alert_locations" USING gist ("box");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_matches_waiting_idx" ON "alert_matches" USING btree ("contact_applicant_id","property_profile_id") WHERE "alert_matches"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "alert_matches_due_idx" ON "alert_matches" USING btree ("created_at") WHERE "alert_matches"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "consent_events_contact_idx" ON "consent_events" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_events_applicant_idx" ON "consent_events" USING btree ("contact_applicant_id");--> statement-breakpoint
CREATE INDEX "property_events_pending_idx" ON "property_events" USING btree ("is_pre_market" DESC NULLS LAST,"property_event_id") WHERE "property_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "property_events_property_idx" ON "property_events" USING btree ("property_profile_id");--> statement-breakpoint
CREATE INDEX "contact_applicants_matchable_idx" ON "contact_applicants" USING btree ("profile_id","contact_applicant_id") WHERE "contact_applicants"."contact_applicant_status_id" = 1 and "contact_applicants"."is_confirmed";--> statement-breakpoint
ALTER TABLE "contact_applicants" ADD CONSTRAINT "contact_applicants_unsubscribe_token_unique" UNIQUE("unsubscribe_token");