ALTER TABLE "bookings" ADD COLUMN "checked_in_places" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A booking checked in before parties could come in part came in whole.
UPDATE "bookings" SET "checked_in_places" = "visitors" + 1 WHERE "checked_in_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_checked_in_places_in_party" CHECK ("bookings"."checked_in_places" BETWEEN 0 AND "bookings"."visitors" + 1 AND ("bookings"."checked_in_places" > 0) = ("bookings"."checked_in_at" IS NOT NULL));