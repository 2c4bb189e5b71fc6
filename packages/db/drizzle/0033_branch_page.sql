ALTER TABLE "branches" ADD COLUMN "opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "team" jsonb DEFAULT '[]'::jsonb NOT NULL;