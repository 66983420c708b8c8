-- waitlist_entry_booked, as the migrations leave it: its body and its triggers. A migration that
-- changes it changes this file too (tests/unit/db-functions.test.ts compares them).

-- Taking an offer is an ordinary booking by the same e-mail for that day and slot: once one of
-- theirs is confirmed (written confirmed, or a held card booking confirmed by its payment), their
-- entry in line is booked, whoever wrote the booking (the app, staff in a SQL tool).
CREATE FUNCTION "waitlist_entry_booked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' THEN
		RETURN NULL;
	END IF;
	UPDATE "waitlist_entries"
	SET "status" = 'booked', "booking_id" = NEW.id, "updated_at" = now()
	WHERE "event_id" = NEW.event_id AND "date" = NEW.date
		AND "time_slot" = coalesce(NEW.time_slot, '') AND "email" = lower(NEW.email)
		AND "status" IN ('waiting', 'offered');
	RETURN NULL;
END
$$;

CREATE TRIGGER "bookings_waitlist_entry_booked" AFTER INSERT OR UPDATE OF "status" ON "bookings" FOR EACH ROW WHEN (NEW.status = 'confirmed' AND NEW.type = 'event') EXECUTE FUNCTION "waitlist_entry_booked"();
