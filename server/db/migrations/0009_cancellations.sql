-- A person cancels their own booking (POST /bookings/cancel/{bookingId}): until an event's
-- cut-off, its cancel_cutoff_hours (24 unless staff set another) before the booked slot starts,
-- and when they did it. Its places go back by the trigger of migration 0006 (on the status);
-- cancelled_at is not among the columns that wake the public cache (migration 0007): it changes
-- no public answer.
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancel_cutoff_hours_non_negative" CHECK ("events"."cancel_cutoff_hours" >= 0);
