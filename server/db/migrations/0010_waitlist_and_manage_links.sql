-- The waitlist of sold-out days (issue 27): people in line per event day and slot, and a place
-- offered to the first of them held by a 'waitlist' booking until the offer ends (the event's
-- waitlist_offer_hours, 12 unless staff set another). A booking's manage_code: the secret of its
-- receipt's 'Manage your booking' link, for people without an account.
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"event_id" text NOT NULL,
	"date" date NOT NULL,
	"time_slot" text DEFAULT '' NOT NULL,
	"account_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"hold_booking_id" uuid,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_token_unique" UNIQUE("token"),
	CONSTRAINT "waitlist_entries_status" CHECK ("waitlist_entries"."status" IN ('waiting', 'offered', 'booked', 'left', 'expired')),
	CONSTRAINT "waitlist_entries_email_lowercase" CHECK ("waitlist_entries"."email" = lower("waitlist_entries"."email")),
	CONSTRAINT "waitlist_entries_offer_has_expiry" CHECK ("waitlist_entries"."status" <> 'offered' OR ("waitlist_entries"."offer_expires_at" IS NOT NULL AND "waitlist_entries"."hold_booking_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_paid_with";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "manage_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_hold_booking_id_bookings_id_fk" FOREIGN KEY ("hold_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_in_line" ON "waitlist_entries" USING btree ("event_id","date","time_slot","email") WHERE "waitlist_entries"."status" IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("event_id","date","time_slot","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_manage_code_unique" UNIQUE("manage_code");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_with" CHECK ("bookings"."paid_with" IN ('free', 'membership', 'wallet', 'community-wallet', 'paystack', 'sandbox', 'waitlist'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waitlist_offer_hours_positive" CHECK ("events"."waitlist_offer_hours" >= 1);--> statement-breakpoint
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
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_waitlist_entry_booked" AFTER INSERT OR UPDATE OF "status" ON "bookings" FOR EACH ROW WHEN (NEW.status = 'confirmed' AND NEW.type = 'event') EXECUTE FUNCTION "waitlist_entry_booked"();
