CREATE TABLE "contact_applicant_contacts" (
	"contact_applicant_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "contact_applicant_contacts_contact_applicant_id_contact_id_pk" PRIMARY KEY("contact_applicant_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "contact_applicants" ADD COLUMN "kickback_log_id" integer;--> statement-breakpoint
ALTER TABLE "contact_applicant_contacts" ADD CONSTRAINT "contact_applicant_contacts_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_applicant_contacts" ADD CONSTRAINT "contact_applicant_contacts_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_applicant_contacts_contact_idx" ON "contact_applicant_contacts" USING btree ("contact_id");