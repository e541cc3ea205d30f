-- "Deactivated by the provider" is its own state: active = false alone also means "registered,
-- waiting for activation", and an activation link must never bring a deactivated user back.
-- Existing inactive users who had activated, or who no registration claimed (loaded inactive),
-- were deactivated; a registration still waiting keeps the column null.
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" u SET "deactivated_at" = now()
  WHERE NOT u."active"
    AND (u."activated_at" IS NOT NULL
      OR NOT EXISTS (SELECT 1 FROM "customer_contacts" c WHERE c."user_id" = u."id"));
