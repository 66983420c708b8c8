-- Decision 040: a visitor's free booking made without a login or an opened link of their e-mail
-- is "unproven", and the unproven bookings of an event's day and slot hold at most a share of its
-- places. booking_places.unproven counts their places beside taken; the claim statement
-- (server/bookings/core.ts) caps it. Beyond the share, a visitor's booking is asked for in
-- booking_requests and takes its place when the e-mailed link is opened.
CREATE TABLE "booking_requests" (
	"code" text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"event_id" text NOT NULL,
	"date" date NOT NULL,
	"time_slot" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"input" jsonb NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_requests_email_lowercase" CHECK ("booking_requests"."email" = lower("booking_requests"."email"))
);
--> statement-breakpoint
ALTER TABLE "booking_places" ADD COLUMN "unproven" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "unproven" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_one_open" ON "booking_requests" USING btree ("email","event_id","date","time_slot") WHERE "booking_requests"."booking_id" IS NULL;--> statement-breakpoint
ALTER TABLE "booking_places" ADD CONSTRAINT "booking_places_unproven_within_taken" CHECK ("booking_places"."unproven" >= 0 AND "booking_places"."unproven" <= "booking_places"."taken");--> statement-breakpoint
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