-- A booking claims its places from a counter row per place (docs/decisions/026) instead of
-- counting bookings under an advisory lock; the one-booking-per-person rule (decision 015) is
-- kept by unique indexes instead of that lock. A trigger keeps the counters in step with every
-- write to bookings, by the app or by staff in any SQL tool.
CREATE TABLE "booking_places" (
	"type" text NOT NULL,
	"thing" text NOT NULL,
	"date" date NOT NULL,
	"time_slot" text DEFAULT '' NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_places_pk" PRIMARY KEY("type","thing","date","time_slot"),
	CONSTRAINT "booking_places_taken_non_negative" CHECK ("booking_places"."taken" >= 0)
);
--> statement-breakpoint
-- A card payment still held for a thing its payer booked again was given up (decision 015): a
-- hold left beside the same person's confirmed booking, or beside a later hold of theirs, is
-- cancelled, so the unique indexes below hold for the bookings already made.
UPDATE "bookings" AS "b" SET "status" = 'cancelled', "hold_expires_at" = NULL
WHERE "b"."status" = 'held' AND EXISTS (
	SELECT 1 FROM "bookings" AS "o"
	WHERE "o"."id" <> "b"."id" AND "o"."status" <> 'cancelled'
		AND "o"."email" = "b"."email" AND "o"."type" = "b"."type" AND "o"."date" = "b"."date"
		AND ("b"."type" <> 'event' OR "o"."event_id" = "b"."event_id")
		AND ("b"."type" = 'spot' OR coalesce("o"."time_slot", '') = coalesce("b"."time_slot", ''))
		AND ("o"."status" = 'confirmed' OR ("o"."created_at", "o"."id") > ("b"."created_at", "b"."id"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_event_ticket_per_person" ON "bookings" USING btree ("email","event_id","date",coalesce("time_slot", '')) WHERE "bookings"."status" <> 'cancelled' AND "bookings"."type" = 'event';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_coworking_day_per_person" ON "bookings" USING btree ("email","date") WHERE "bookings"."status" <> 'cancelled' AND "bookings"."type" = 'spot';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_studio_session_per_person" ON "bookings" USING btree ("email","date",coalesce("time_slot", '')) WHERE "bookings"."status" <> 'cancelled' AND "bookings"."type" = 'print-studio';--> statement-breakpoint
-- The places already taken: confirmed bookings and holds, booker plus guests. The unique indexes
-- above hold a SHARE lock on bookings until this migration commits, so no booking is written
-- between this count and the trigger below.
INSERT INTO "booking_places" ("type", "thing", "date", "time_slot", "taken")
SELECT "type",
	CASE WHEN "type" = 'event' THEN "event_id" ELSE coalesce("venue", '') END,
	"date",
	CASE WHEN "type" = 'spot' THEN '' ELSE coalesce("time_slot", '') END,
	sum(1 + "visitors")
FROM "bookings"
WHERE "status" IN ('confirmed', 'held')
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- A booking's places move with it: added when it is written confirmed or held, taken off when it
-- is cancelled or deleted, moved when its place changes. A hold confirmed, or any change that
-- leaves its places where they were, does not touch the counter.
CREATE FUNCTION "count_booking_places"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_places integer := 0;
	new_places integer := 0;
	old_thing text;
	old_slot text;
	new_thing text;
	new_slot text;
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.status IN ('confirmed', 'held') THEN
		old_places := 1 + OLD.visitors;
		old_thing := CASE WHEN OLD.type = 'event' THEN OLD.event_id ELSE coalesce(OLD.venue, '') END;
		old_slot := CASE WHEN OLD.type = 'spot' THEN '' ELSE coalesce(OLD.time_slot, '') END;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.status IN ('confirmed', 'held') THEN
		new_places := 1 + NEW.visitors;
		new_thing := CASE WHEN NEW.type = 'event' THEN NEW.event_id ELSE coalesce(NEW.venue, '') END;
		new_slot := CASE WHEN NEW.type = 'spot' THEN '' ELSE coalesce(NEW.time_slot, '') END;
	END IF;
	IF old_places = new_places AND (old_places = 0 OR (OLD.type = NEW.type
		AND old_thing = new_thing AND OLD.date = NEW.date AND old_slot = new_slot)) THEN
		RETURN NULL;
	END IF;
	IF old_places > 0 THEN
		UPDATE "booking_places" SET "taken" = "taken" - old_places
		WHERE "type" = OLD.type AND "thing" = old_thing AND "date" = OLD.date
			AND "time_slot" = old_slot;
	END IF;
	IF new_places > 0 THEN
		INSERT INTO "booking_places" ("type", "thing", "date", "time_slot", "taken")
		VALUES (NEW.type, new_thing, NEW.date, new_slot, new_places)
		ON CONFLICT ("type", "thing", "date", "time_slot")
		DO UPDATE SET "taken" = "booking_places"."taken" + EXCLUDED."taken";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_count_places" AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "count_booking_places"();--> statement-breakpoint
-- TRUNCATE fires no row trigger: emptied bookings take no places.
CREATE FUNCTION "forget_booking_places"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "booking_places";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_forget_places" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "forget_booking_places"();
--> statement-breakpoint
-- A booking written by takePlace's one statement (server/bookings/core.ts) notifies the public
-- cache itself, only when its place is full after it: a booking that leaves a place with room
-- changes no public answer (they say whether a place is left, never how many). That statement
-- names its booking in 'sixteen.booking_counted' for its own transaction; any other insert of
-- bookings, and every update, delete and truncate, notifies as before (migration 0002). Notifying
-- serializes the commits that do it (PostgreSQL takes one lock for them all): without a
-- notification per booking, 64 at once book a quarter more a second.
DROP TRIGGER "bookings_public_data_changed" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_public_data_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_changed"();--> statement-breakpoint
CREATE FUNCTION "notify_bookings_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (
		SELECT 1 FROM "added"
		WHERE "added"."id"::text IS DISTINCT FROM current_setting('sixteen.booking_counted', true)
	) THEN
		PERFORM pg_notify('public_data_changed', TG_TABLE_NAME);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_added_public_data_changed" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "notify_bookings_added"();
