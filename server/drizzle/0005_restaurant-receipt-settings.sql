ALTER TABLE "restaurant" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "time_zone" text DEFAULT 'Europe/Budapest' NOT NULL;