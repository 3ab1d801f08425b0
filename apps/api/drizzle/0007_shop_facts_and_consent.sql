ALTER TABLE "showcases" ADD COLUMN "work_hours_from" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "work_hours_to" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "inn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "ogrn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "showcases" ADD COLUMN "legal_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_data_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "is_verified_buyer" boolean DEFAULT false NOT NULL;