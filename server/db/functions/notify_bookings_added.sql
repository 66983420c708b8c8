-- notify_bookings_added, as the migrations leave it: its body and its triggers. A migration that
-- changes it changes this file too (tests/unit/db-functions.test.ts compares them).

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
$$;

CREATE TRIGGER "bookings_added_public_data_changed" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "notify_bookings_added"();
