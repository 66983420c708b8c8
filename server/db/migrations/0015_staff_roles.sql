-- A staff role per account in place of one staff flag (docs/decisions/049): door, desk, manager,
-- owner, each opening what the one before it does and more. The staff of before could use every
-- staff tool there was: they become managers, who still can; the owner's new tools (the staff and
-- their roles) are given by the command line.
ALTER TABLE "accounts" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_staff_role" CHECK ("accounts"."staff_role" IS NULL OR "accounts"."staff_role" IN ('door', 'desk', 'manager', 'owner'));--> statement-breakpoint
UPDATE "accounts" SET "staff_role" = 'manager' WHERE "staff";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "staff";
