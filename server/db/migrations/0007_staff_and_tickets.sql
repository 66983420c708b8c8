-- Staff accounts, tickets and check-in at the door (docs/decisions/028): the staff role beside
-- the membership role, a random ticket code on every booking (its QR code is in the receipt),
-- when and by whom a booking was checked in, and the audit log of what staff did.
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_account_id" uuid,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The default is volatile, so every booking already made gets a code of its own here, and every
-- insert that gives none later (seeds, staff in SQL) too.
ALTER TABLE "bookings" ADD COLUMN "ticket_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_checked_in_by_accounts_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("date");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ticket_code_unique" UNIQUE("ticket_code");--> statement-breakpoint
-- A check-in changes no public answer (they say whether a place is left), so an update of the
-- check-in's columns alone tells the public cache nothing: at the door, a few hundred check-ins
-- an evening would otherwise drop every instance's cached pages each time. Every other update,
-- delete and truncate notifies as before (migrations 0002 and 0006).
DROP TRIGGER "bookings_public_data_changed" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_public_data_changed" AFTER UPDATE OF "id", "account_id", "email", "name", "phone", "event_id", "type", "venue", "date", "time_slot", "amount_minor", "paid_with", "payment_reference", "payment_id", "visitors", "names_of_visitors", "metadata", "status", "hold_expires_at", "created_at" OR DELETE OR TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_changed"();
