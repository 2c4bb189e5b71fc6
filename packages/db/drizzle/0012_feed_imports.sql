CREATE TABLE "feed_imports" (
	"feed_import_id" serial PRIMARY KEY NOT NULL,
	"feed" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"forced" boolean DEFAULT false NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"restored" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"report" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "agent_ref" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "feed_hash" text;--> statement-breakpoint
CREATE INDEX "feed_imports_started_idx" ON "feed_imports" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "properties_agent_ref_idx" ON "properties" USING btree ("agent_ref");