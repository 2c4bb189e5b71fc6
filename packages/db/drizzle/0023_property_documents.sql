CREATE TABLE "property_documents" (
	"property_document_id" serial PRIMARY KEY NOT NULL,
	"property_profile_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"media_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"file" text NOT NULL,
	"caption" text,
	"size_bytes" integer,
	CONSTRAINT "property_documents_media_key_unique" UNIQUE("media_key")
);
--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_documents_property_idx" ON "property_documents" USING btree ("property_profile_id","position");