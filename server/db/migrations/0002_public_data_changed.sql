-- Every write to what the public pages show (events, spaces, bookings), by the app or by staff in
-- any SQL tool, tells each server on commit that its cached public answers are stale.
CREATE FUNCTION "notify_public_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('public_data_changed', TG_TABLE_NAME);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_public_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_changed"();--> statement-breakpoint
CREATE TRIGGER "spaces_public_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "spaces" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_public_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_changed"();
