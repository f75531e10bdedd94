CREATE TYPE "public"."payment_late_outcome" AS ENUM('ACCEPTED', 'REFUNDING', 'REFUNDED');--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "checkout_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "late_outcome" "payment_late_outcome";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "time_zone" text DEFAULT 'Europe/Budapest' NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_checkout_open_idx" ON "payment" USING btree ("reconciled_at") WHERE "payment"."checkout_closed_at" is null and "payment"."provider_reference" is not null;