CREATE TABLE "sandbox_transactions" (
	"reference" text PRIMARY KEY NOT NULL,
	"access_code" text NOT NULL,
	"email" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"callback_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "sandbox_transactions_access_code_unique" UNIQUE("access_code"),
	CONSTRAINT "sandbox_transactions_status" CHECK ("sandbox_transactions"."status" IN ('pending', 'success', 'failed', 'abandoned', 'refunded')),
	CONSTRAINT "sandbox_transactions_currency" CHECK ("sandbox_transactions"."currency" IN ('NGN', 'USD')),
	CONSTRAINT "sandbox_transactions_amount_positive" CHECK ("sandbox_transactions"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "outcome_note" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_held_has_expiry" CHECK (("bookings"."status" = 'held') = ("bookings"."hold_expires_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('pending', 'success', 'failed', 'abandoned', 'refunded'));