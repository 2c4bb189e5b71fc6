-- drizzle-kit emits no CREATE EXTENSION. Order matters on PGlite: cube, earthdistance, fuzzystrmatch, pg_trgm.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
