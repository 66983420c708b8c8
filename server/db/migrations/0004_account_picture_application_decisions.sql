ALTER TABLE "accounts" ADD COLUMN "picture" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "community_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;