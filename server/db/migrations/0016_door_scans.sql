CREATE TABLE "door_scans" (
	"nonce" text PRIMARY KEY NOT NULL,
	"staff_id" uuid,
	"door" text NOT NULL,
	"code" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"offline" boolean NOT NULL,
	"booking_id" uuid,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_staff_id_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_scans_booking_idx" ON "door_scans" USING btree ("booking_id");