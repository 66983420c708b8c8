CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"role" text,
	"subscription_status" text,
	"subscription_expiry" timestamp with time zone,
	"pronouns" text,
	"date_of_birth" date,
	"occupation" text,
	"company_name" text,
	"nationality" text,
	"address" text,
	"country" text,
	"social_link" text,
	"emergency_contact_name" text,
	"emergency_contact_relationship" text,
	"emergency_contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "accounts_email_lowercase" CHECK ("accounts"."email" = lower("accounts"."email")),
	CONSTRAINT "accounts_subscription_status" CHECK ("accounts"."subscription_status" IS NULL OR "accounts"."subscription_status" IN ('Active', 'Inactive'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"invite_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_kind" CHECK ("applications"."kind" IN ('individual', 'community')),
	CONSTRAINT "applications_email_lowercase" CHECK ("applications"."email" = lower("applications"."email"))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"event_id" text,
	"type" text NOT NULL,
	"venue" text,
	"date" date NOT NULL,
	"time_slot" text,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"paid_with" text NOT NULL,
	"payment_reference" text,
	"payment_id" uuid,
	"visitors" integer DEFAULT 0 NOT NULL,
	"names_of_visitors" text,
	"metadata" jsonb,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_type" CHECK ("bookings"."type" IN ('event', 'spot', 'print-studio')),
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" IN ('confirmed', 'held', 'cancelled')),
	CONSTRAINT "bookings_paid_with" CHECK ("bookings"."paid_with" IN ('free', 'membership', 'wallet', 'community-wallet', 'paystack', 'sandbox')),
	CONSTRAINT "bookings_event_type" CHECK (("bookings"."type" = 'event') = ("bookings"."event_id" IS NOT NULL)),
	CONSTRAINT "bookings_amount_non_negative" CHECK ("bookings"."amount_minor" >= 0),
	CONSTRAINT "bookings_visitors_non_negative" CHECK ("bookings"."visitors" >= 0),
	CONSTRAINT "bookings_email_lowercase" CHECK ("bookings"."email" = lower("bookings"."email"))
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Community - Pending' NOT NULL,
	"membership_expiry" timestamp with time zone,
	"creator_email" text NOT NULL,
	"number_of_members" integer NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"goals" text DEFAULT '' NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communities_status" CHECK ("communities"."status" IN ('Active', 'Inactive', 'Community - Pending')),
	CONSTRAINT "communities_number_of_members" CHECK ("communities"."number_of_members" IN (4, 6, 8)),
	CONSTRAINT "communities_creator_email_lowercase" CHECK ("communities"."creator_email" = lower("communities"."creator_email"))
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"community_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_members_pk" PRIMARY KEY("community_id","email"),
	CONSTRAINT "community_members_status" CHECK ("community_members"."status" IN ('Active', 'Pending')),
	CONSTRAINT "community_members_email_lowercase" CHECK ("community_members"."email" = lower("community_members"."email"))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"venue" text NOT NULL,
	"posters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"time_slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_naira" integer DEFAULT 0 NOT NULL,
	"friends_price_naira" integer,
	"capacity" integer NOT NULL,
	"rsvp_open" boolean DEFAULT true NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"url" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_id_slug" CHECK ("events"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "events_ends_after_start" CHECK ("events"."end_at" >= "events"."start_at"),
	CONSTRAINT "events_capacity_non_negative" CHECK ("events"."capacity" >= 0),
	CONSTRAINT "events_friends_price_non_negative" CHECK ("events"."friends_price_naira" IS NULL OR "events"."friends_price_naira" >= 0),
	CONSTRAINT "events_posters_array" CHECK (jsonb_typeof("events"."posters") = 'array'),
	CONSTRAINT "events_time_slots_array" CHECK (jsonb_typeof("events"."time_slots") = 'array')
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"code" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"community_id" uuid,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_status" CHECK ("invites"."status" IN ('Pending', 'Used')),
	CONSTRAINT "invites_email_lowercase" CHECK ("invites"."email" = lower("invites"."email"))
);
--> statement-breakpoint
CREATE TABLE "magic_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "magic_links_token_hash_sha256" CHECK ("magic_links"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailing_list" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_list_email_lowercase" CHECK ("mailing_list"."email" = lower("mailing_list"."email"))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"account_id" uuid,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"plan" text,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"channel" text,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"callback_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" IN ('booking', 'membership', 'topup')),
	CONSTRAINT "payments_currency" CHECK ("payments"."currency" IN ('NGN', 'USD')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('pending', 'success', 'failed', 'abandoned')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_finalized" CHECK (("payments"."status" = 'pending') = ("payments"."finalized_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_sha256" CHECK ("sessions"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"coworking" boolean DEFAULT true NOT NULL,
	"capacity" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spaces_id_slug" CHECK ("spaces"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "spaces_kind" CHECK ("spaces"."kind" IN ('coworking', 'print-studio')),
	CONSTRAINT "spaces_capacity_positive" CHECK ("spaces"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"difference" bigint NOT NULL,
	"action" text NOT NULL,
	"narration" text,
	"note" text,
	"actor" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_reference_unique" UNIQUE("reference"),
	CONSTRAINT "wallet_transactions_difference_positive" CHECK ("wallet_transactions"."difference" > 0),
	CONSTRAINT "wallet_transactions_action" CHECK ("wallet_transactions"."action" IN ('credit', 'debit'))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"community_id" uuid,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_one_owner" CHECK (num_nonnulls("wallets"."account_id", "wallets"."community_id") = 1),
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance_minor" >= 0),
	CONSTRAINT "wallets_currency" CHECK ("wallets"."currency" IN ('NGN', 'USD'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_invite_code_invites_code_fk" FOREIGN KEY ("invite_code") REFERENCES "public"."invites"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_email_idx" ON "applications" USING btree ("email");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bookings_event_capacity_idx" ON "bookings" USING btree ("event_id","date","time_slot") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bookings_space_capacity_idx" ON "bookings" USING btree ("type","venue","date","time_slot") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree ("email","date");--> statement-breakpoint
CREATE INDEX "bookings_account_id_idx" ON "bookings" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "bookings_payment_id_idx" ON "bookings" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "communities_creator_email_idx" ON "communities" USING btree ("creator_email");--> statement-breakpoint
CREATE INDEX "community_members_email_idx" ON "community_members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "events_start_at_idx" ON "events" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "events_end_at_idx" ON "events" USING btree ("end_at");--> statement-breakpoint
CREATE INDEX "invites_email_idx" ON "invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "magic_links_account_id_idx" ON "magic_links" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "magic_links_expires_at_idx" ON "magic_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_account_id_idx" ON "payments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_email_idx" ON "payments" USING btree ("email");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sessions_account_id_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "spaces_kind_sort_idx" ON "spaces" USING btree ("kind","sort");--> statement-breakpoint
CREATE INDEX "wallet_transactions_wallet_id_idx" ON "wallet_transactions" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_account_id_unique" ON "wallets" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_community_id_unique" ON "wallets" USING btree ("community_id");