-- count_booking_places, as the migrations leave it: its body and its triggers. A migration that
-- changes it changes this file too (tests/unit/db-functions.test.ts compares them).

-- The counter trigger of migrations 0006 and 0011, counting unproven places beside all places: a
-- booking's unproven places move with it, and a booking proven later gives its share back.
CREATE OR REPLACE FUNCTION "count_booking_places"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_places integer := 0;
	new_places integer := 0;
	old_unproven integer := 0;
	new_unproven integer := 0;
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
		old_unproven := CASE WHEN OLD.unproven THEN old_places ELSE 0 END;
		old_thing := CASE WHEN OLD.type = 'event' THEN OLD.event_id ELSE coalesce(OLD.venue, '') END;
		old_slot := CASE WHEN OLD.type = 'spot' THEN '' ELSE coalesce(OLD.time_slot, '') END;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.status IN ('confirmed', 'held') THEN
		new_places := 1 + NEW.visitors;
		new_unproven := CASE WHEN NEW.unproven THEN new_places ELSE 0 END;
		new_thing := CASE WHEN NEW.type = 'event' THEN NEW.event_id ELSE coalesce(NEW.venue, '') END;
		new_slot := CASE WHEN NEW.type = 'spot' THEN '' ELSE coalesce(NEW.time_slot, '') END;
	END IF;
	IF old_places = new_places AND old_unproven = new_unproven AND (old_places = 0
		OR (OLD.type = NEW.type AND old_thing = new_thing AND OLD.date = NEW.date
			AND old_slot = new_slot)) THEN
		RETURN NULL;
	END IF;
	IF old_places > 0 THEN
		UPDATE "booking_places"
		SET "taken" = "taken" - old_places, "unproven" = "unproven" - old_unproven
		WHERE "type" = OLD.type AND "thing" = old_thing AND "date" = OLD.date
			AND "time_slot" = old_slot;
	END IF;
	IF new_places > 0 THEN
		INSERT INTO "booking_places" ("type", "thing", "date", "time_slot", "taken", "unproven")
		VALUES (NEW.type, new_thing, NEW.date, new_slot, new_places, new_unproven)
		ON CONFLICT ("type", "thing", "date", "time_slot")
		DO UPDATE SET "taken" = "booking_places"."taken" + EXCLUDED."taken",
			"unproven" = "booking_places"."unproven" + EXCLUDED."unproven";
	END IF;
	RETURN NULL;
END
$$;

CREATE TRIGGER "bookings_count_places" AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "count_booking_places"();
