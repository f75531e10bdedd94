CREATE TYPE "public"."account_token_kind" AS ENUM('CONFIRM_EMAIL', 'RESET_PASSWORD', 'INVITATION');--> statement-breakpoint
CREATE TYPE "public"."payment_late_outcome" AS ENUM('ACCEPTED', 'REFUNDING', 'REFUNDED');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('PENDING', 'SUCCEEDED', 'FAILED');--> statement-breakpoint
CREATE TABLE "account_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "account_token_kind" NOT NULL,
	"token_hash" text NOT NULL,
	"restaurant_id" integer NOT NULL,
	"staff_user_id" integer,
	"email" text NOT NULL,
	"role" "staff_role",
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"method" "payment_method" NOT NULL,
	"status" "refund_status" DEFAULT 'PENDING' NOT NULL,
	"staff_user_id" integer,
	"provider_reference" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refund_amount_positive" CHECK ("refund"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "checkout_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "late_outcome" "payment_late_outcome";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "time_zone" text DEFAULT 'Europe/Budapest' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "language" text DEFAULT 'hu' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_token" ADD CONSTRAINT "account_token_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_token" ADD CONSTRAINT "account_token_staff_user_id_staff_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_staff_user_id_staff_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_token_restaurant_idx" ON "account_token" USING btree ("restaurant_id","kind");--> statement-breakpoint
CREATE INDEX "account_token_staff_user_idx" ON "account_token" USING btree ("staff_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_staff_idempotency_uq" ON "refund" USING btree ("staff_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refund_payment_idx" ON "refund" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refund_refunded_at_idx" ON "refund" USING btree ("refunded_at");--> statement-breakpoint
CREATE INDEX "payment_checkout_open_idx" ON "payment" USING btree ("reconciled_at") WHERE "payment"."checkout_closed_at" is null and "payment"."provider_reference" is not null;