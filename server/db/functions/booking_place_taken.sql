-- booking_place_taken, as the migrations leave it: its body and its triggers. A migration that
-- changes it changes this file too (tests/unit/db-functions.test.ts compares them).

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
$$;
