CREATE TABLE "media_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"parts" integer NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_parts" (
	"key" text NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "media_parts_key_part_pk" PRIMARY KEY("key","part")
);
--> statement-breakpoint
ALTER TABLE "media_parts" ADD CONSTRAINT "media_parts_key_media_objects_key_fk" FOREIGN KEY ("key") REFERENCES "public"."media_objects"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Pictures and PDFs are compressed already: PostgreSQL keeps the parts out of line without trying again.
ALTER TABLE "media_parts" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;