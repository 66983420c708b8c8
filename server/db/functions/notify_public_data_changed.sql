-- notify_public_data_changed, as the migrations leave it: its body and its triggers. A migration that
-- changes it changes this file too (tests/unit/db-functions.test.ts compares them).

-- Every write to what the public pages show (events, spaces, bookings), by the app or by staff in
-- any SQL tool, tells each server on commit that its cached public answers are stale.
CREATE FUNCTION "notify_public_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('public_data_changed', TG_TABLE_NAME);
	RETURN NULL;
END
$$;

CREATE TRIGGER "events_public_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_changed"();

CREATE TRIGGER "spaces_public_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "spaces" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_changed"();

CREATE TRIGGER "bookings_public_data_changed" AFTER UPDATE OF "id", "account_id", "email", "name", "phone", "event_id", "type", "venue", "date", "time_slot", "amount_minor", "paid_with", "payment_reference", "payment_id", "visitors", "names_of_visitors", "metadata", "status", "hold_expires_at", "created_at" OR DELETE OR TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_changed"();
