CREATE TABLE "saved_properties" (
	"contact_id" integer NOT NULL,
	"property_profile_id" integer NOT NULL,
	"saved_price" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_properties_contact_id_property_profile_id_pk" PRIMARY KEY("contact_id","property_profile_id")
);
--> statement-breakpoint
ALTER TABLE "saved_properties" ADD CONSTRAINT "saved_properties_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_properties" ADD CONSTRAINT "saved_properties_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_properties_contact_idx" ON "saved_properties" USING btree ("contact_id","saved_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_properties_property_idx" ON "saved_properties" USING btree ("property_profile_id");