CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id")
);
--> statement-breakpoint
-- A search keeps the number of its matches (apps/api/src/queries/kept-counts.ts) for as long as no
-- property and no price change has been written since. Every writer (the API, a feed import, the
-- property CLI, SQL by hand) sets the version to its own transaction's id as it commits: the triggers
-- are deferred to the commit, so a writer holds the row only for its commit and two writers cannot
-- deadlock on it, and a transaction writing many rows sets it once (the second row finds it set).
-- A snapshot that reads a version sees every write of the transactions that set it before, and none after.
-- A TRUNCATE needs no trigger: it leaves no property (or no price change, so no reduced property) to
-- count, and a search with no match counts, keeping nothing.
INSERT INTO "catalogue_version" ("id", "version") VALUES (true, txid_current());--> statement-breakpoint
CREATE FUNCTION note_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = txid_current() WHERE version <> txid_current();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER properties_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON properties
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_catalogue_change();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER price_history_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON price_history
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_catalogue_change();
