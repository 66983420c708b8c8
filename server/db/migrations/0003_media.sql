CREATE TABLE "media" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_name_safe" CHECK ("media"."name" ~ '^[0-9a-f]+-[0-9]+x[0-9]+\.[a-z]+$'),
	CONSTRAINT "media_size_positive" CHECK ("media"."width" > 0 AND "media"."height" > 0)
);
