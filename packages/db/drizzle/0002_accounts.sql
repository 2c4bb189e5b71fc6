CREATE TABLE "communication_infos" (
	"communication_info_id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"communication_method_id" smallint NOT NULL,
	"value" text NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_addresses" (
	"contact_address_id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"display_name" text,
	"address_line_1" text,
	"address_line_2" text,
	"town" text,
	"county" text,
	"postcode" text,
	"lat" double precision,
	"lng" double precision
);
--> statement-breakpoint
CREATE TABLE "contact_applicants" (
	"contact_applicant_id" serial PRIMARY KEY NOT NULL,
	"applicant_key" text NOT NULL,
	"contact_id" integer NOT NULL,
	"profile_id" smallint NOT NULL,
	"contact_applicant_status_id" smallint DEFAULT 1 NOT NULL,
	"criteria" jsonb NOT NULL,
	"question_answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_applicants_applicant_key_unique" UNIQUE("applicant_key")
);
--> statement-breakpoint
CREATE TABLE "contact_profiles" (
	"contact_id" integer NOT NULL,
	"profile_id" smallint NOT NULL,
	CONSTRAINT "contact_profiles_contact_id_profile_id_pk" PRIMARY KEY("contact_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "contact_subscriptions" (
	"contact_id" integer NOT NULL,
	"subscription_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_subscriptions_contact_id_subscription_type_id_pk" PRIMARY KEY("contact_id","subscription_type_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"contact_id" serial PRIMARY KEY NOT NULL,
	"salutation_id" smallint DEFAULT 2 NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"contact_source_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_links" (
	"magic_link_id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"contact_id" integer NOT NULL,
	"request_page_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "magic_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"headers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_buckets_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_id_hash" text PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"active_contact_applicant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_types" (
	"subscription_type_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communication_infos" ADD CONSTRAINT "communication_infos_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_addresses" ADD CONSTRAINT "contact_addresses_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_applicants" ADD CONSTRAINT "contact_applicants_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_profiles" ADD CONSTRAINT "contact_profiles_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_subscriptions" ADD CONSTRAINT "contact_subscriptions_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_subscriptions" ADD CONSTRAINT "contact_subscriptions_subscription_type_id_subscription_types_subscription_type_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("subscription_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_contact_id_contacts_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("contact_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_active_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("active_contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_infos_contact_idx" ON "communication_infos" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communication_infos_email_idx" ON "communication_infos" USING btree (lower("value")) WHERE "communication_infos"."communication_method_id" = 1;--> statement-breakpoint
CREATE INDEX "contact_addresses_contact_idx" ON "contact_addresses" USING btree ("contact_id","position");--> statement-breakpoint
CREATE INDEX "contact_applicants_contact_idx" ON "contact_applicants" USING btree ("contact_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "magic_links_contact_idx" ON "magic_links" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "magic_links_expires_idx" ON "magic_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("locked_until","id") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_window_idx" ON "rate_limit_buckets" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_contact_idx" ON "sessions" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");