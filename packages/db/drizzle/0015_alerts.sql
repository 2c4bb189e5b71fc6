CREATE TABLE "applicant_confirmations" (
	"applicant_confirmation_id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"contact_applicant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "applicant_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "contact_question_options" (
	"contact_question_option_id" serial PRIMARY KEY NOT NULL,
	"contact_question_id" integer NOT NULL,
	"label" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_questions" (
	"contact_question_id" serial PRIMARY KEY NOT NULL,
	"profile_id" smallint NOT NULL,
	"question" text NOT NULL,
	"question_key" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"contact_applicant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_idempotency_key_pk" PRIMARY KEY("scope","idempotency_key")
);
--> statement-breakpoint
DROP INDEX "communication_infos_email_idx";--> statement-breakpoint
ALTER TABLE "communication_infos" ADD COLUMN "is_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_applicants" ADD COLUMN "is_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_applicants" ADD COLUMN "pending_cookie_hash" text;--> statement-breakpoint
ALTER TABLE "contact_applicants" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applicant_confirmations" ADD CONSTRAINT "applicant_confirmations_contact_applicant_id_contact_applicants_contact_applicant_id_fk" FOREIGN KEY ("contact_applicant_id") REFERENCES "public"."contact_applicants"("contact_applicant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_question_options" ADD CONSTRAINT "contact_question_options_contact_question_id_contact_questions_contact_question_id_fk" FOREIGN KEY ("contact_question_id") REFERENCES "public"."contact_questions"("contact_question_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_confirmations_applicant_idx" ON "applicant_confirmations" USING btree ("contact_applicant_id");--> statement-breakpoint
CREATE INDEX "contact_question_options_question_idx" ON "contact_question_options" USING btree ("contact_question_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_questions_key_idx" ON "contact_questions" USING btree ("profile_id","question_key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_applicants_pending_cookie_idx" ON "contact_applicants" USING btree ("pending_cookie_hash") WHERE "contact_applicants"."pending_cookie_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "communication_infos_email_idx" ON "communication_infos" USING btree (lower("value")) WHERE "communication_infos"."communication_method_id" = 1 and not "communication_infos"."is_pending";