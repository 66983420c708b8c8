-- takePlace's one statement (server/bookings/core.ts, docs/decisions/032) claims the place last:
-- the booking and its receipt are written first, then the counter row is claimed, taking the
-- booking's places itself, so the row stays locked only from the claim to the commit. If the
-- claim finds no room, booking_place_taken() aborts the statement and nothing of it is kept.
-- The counter trigger leaves alone the booking that statement names in 'sixteen.booking_counted'
-- (its claim counted it); every other write to bookings is counted as before (migration 0006).
CREATE FUNCTION "booking_place_taken"() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'The place was taken before this booking could claim it'
		USING ERRCODE = 'SX409';
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_booking_places"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_places integer := 0;
	new_places integer := 0;
	old_thing text;
	old_slot text;
	new_thing text;
	new_slot text;
BEGIN
	IF TG_OP = 'INSERT'
		AND NEW.id::text IS NOT DISTINCT FROM current_setting('sixteen.booking_counted', true) THEN
		RETURN NULL;
	END IF;
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
$$;
