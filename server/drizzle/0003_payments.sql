CREATE TYPE "public"."bill_split_status" AS ENUM('OPEN', 'PAID', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "bill_split" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" "bill_split_status" DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_split_shares_amount" CHECK ("bill_split"."shares" >= 2 and "bill_split"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bill_split_item" (
	"split_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "bill_split_item_split_id_order_item_id_pk" PRIMARY KEY("split_id","order_item_id"),
	CONSTRAINT "bill_split_item_quantity_positive" CHECK ("bill_split_item"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "split_id" integer;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "share_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "share_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_split" ADD CONSTRAINT "bill_split_visit_id_table_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."table_visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_split_item" ADD CONSTRAINT "bill_split_item_split_id_bill_split_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."bill_split"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_split_item" ADD CONSTRAINT "bill_split_item_order_item_id_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_split_one_open_uq" ON "bill_split" USING btree ("visit_id") WHERE "bill_split"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "bill_split_item_order_item_idx" ON "bill_split_item" USING btree ("order_item_id");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_split_id_bill_split_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."bill_split"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_pending_expiry_idx" ON "payment" USING btree ("expires_at") WHERE "payment"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_reference_uq" ON "payment" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "payment_item_order_item_idx" ON "payment_item" USING btree ("order_item_id");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_shares_within" CHECK ("payment"."share_count" >= 0 and "payment"."share_amount" >= 0 and "payment"."share_amount" <= "payment"."amount");