CREATE TABLE "leads" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"contact_id" integer,
	"branch_id" integer,
	"property_profile_id" integer,
	"contact_applicant_id" integer,
	"i_would_like" jsonb NOT NULL,
	"salutation_id" smallint NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"comment" text NOT NULL,
	"email" text NOT NULL,
	"mobile_phone" text NOT NULL,
	"contact_address" jsonb NOT NULL,
	"i_have_a_property_to_sell" text NOT NULL,
	"i_have_a_property_to_let" text NOT NULL,
	"viewing_lead_date" text,
	"my_property_valued" text NOT NULL,
	"property_address" text,
	"url" text NOT NULL,
	"transaction_type_id" smallint NOT NULL,
	"price" integer,
	"bedrooms" integer,
	"confirm" text NOT NULL,
	"requested_branch_id" integer,
	"pending_cookie_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "potential_viewings" (
	"contact_id" integer NOT NULL,
	"property_profile_id" integer NOT NULL,
	"viewed_on" date NOT NULL,
	"contact_applicant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "potential_viewings_contact_id_property_profile_id_viewed_on_pk" PRIMARY KEY("contact_id","property_profile_id","viewed_on")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_branch_id_branches_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("branch_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "potential_viewings" ADD CONSTRAINT "potential_viewings_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "potential_viewings" ADD CONSTRAINT "potential_viewings_property_profile_id_properties_property_profile_id_fk" FOREIGN KEY ("property_profile_id") REFERENCES "public"."properties"("property_profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "potential_viewings" ADD CONSTRAINT "potential_viewings_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_contact_idx" ON "leads" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "leads_property_idx" ON "leads" USING btree ("property_profile_id");--> statement-breakpoint
CREATE INDEX "leads_pending_cookie_idx" ON "leads" USING btree ("pending_cookie_hash") WHERE "leads"."pending_cookie_hash" is not null;--> statement-breakpoint
CREATE INDEX "potential_viewings_property_idx" ON "potential_viewings" USING btree ("property_profile_id","viewed_on");