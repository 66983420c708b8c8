-- forget_booking_places, as the migrations leave it: its body and its triggers. A migration that
-- changes it changes this file too (tests/unit/db-functions.test.ts compares them).

-- TRUNCATE fires no row trigger: emptied bookings take no places.
CREATE FUNCTION "forget_booking_places"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "booking_places";
	RETURN NULL;
END
$$;

CREATE TRIGGER "bookings_forget_places" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "forget_booking_places"();
