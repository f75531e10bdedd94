ALTER TABLE "restaurant" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "qr_codes_done_at" timestamp with time zone;