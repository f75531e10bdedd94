CREATE TYPE "public"."allergen_type" AS ENUM('GLUTEN', 'CRUSTACEANS', 'EGGS', 'FISH', 'PEANUTS', 'SOYBEANS', 'MILK', 'NUTS', 'CELERY', 'MUSTARD', 'SESAME', 'SULPHUR_DIOXIDE', 'LUPIN', 'MOLLUSCS', 'VEGAN');--> statement-breakpoint
CREATE TYPE "public"."availability_type" AS ENUM('AVAILABLE', 'SOLD_OUT');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('PLACED', 'ACCEPTED', 'SERVED', 'PAID', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('CASH', 'CARD', 'ONLINE');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."rating_value" AS ENUM('LIKE', 'DISLIKE');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('OWNER', 'MANAGER', 'WAITER', 'KITCHEN');--> statement-breakpoint
CREATE TABLE "diner_session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dining_table" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"table_number" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"qr_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"ref" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_category_translation" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"iso_code" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"ref" text NOT NULL,
	"price_gross" integer NOT NULL,
	"vat_key_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"image_url" text,
	"availability_type" "availability_type" DEFAULT 'AVAILABLE' NOT NULL,
	"sort_order" integer NOT NULL,
	"base_like_count" integer DEFAULT 0 NOT NULL,
	"base_dislike_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_item_price_nonnegative" CHECK ("menu_item"."price_gross" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menu_item_allergen" (
	"item_id" integer NOT NULL,
	"type" "allergen_type" NOT NULL,
	CONSTRAINT "menu_item_allergen_item_id_type_pk" PRIMARY KEY("item_id","type")
);
--> statement-breakpoint
CREATE TABLE "menu_item_rating" (
	"item_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"value" "rating_value" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_item_rating_item_id_session_id_pk" PRIMARY KEY("item_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "menu_item_translation" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"iso_code" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"menu_item_id" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"unit_price" integer NOT NULL,
	"vat_percent" numeric(5, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"paid_quantity" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_item_quantity_positive" CHECK ("order_item"."quantity" > 0),
	CONSTRAINT "order_item_paid_within" CHECK ("order_item"."paid_quantity" >= 0 and "order_item"."paid_quantity" <= "order_item"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"status" "order_status" DEFAULT 'PLACED' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"total" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_nonnegative" CHECK ("orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"method" "payment_method" NOT NULL,
	"status" "payment_status" DEFAULT 'PENDING' NOT NULL,
	"amount" integer NOT NULL,
	"tip" integer DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_reference" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_amounts_nonnegative" CHECK ("payment"."amount" >= 0 and "payment"."tip" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_item" (
	"payment_id" uuid NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "payment_item_payment_id_order_item_id_pk" PRIMARY KEY("payment_id","order_item_id"),
	CONSTRAINT "payment_item_quantity_positive" CHECK ("payment_item"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "restaurant" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"description_hu" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_ordering_enabled" boolean DEFAULT true NOT NULL,
	"currency" text DEFAULT 'HUF' NOT NULL,
	"payment_methods" "payment_method"[] DEFAULT '{CASH,CARD}' NOT NULL,
	"require_table_token" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_short_name_unique" UNIQUE("short_name")
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "staff_role" DEFAULT 'WAITER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"visit_id" integer,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_visit" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vat_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"code" text NOT NULL,
	"value_percent" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_session" (
	"visit_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_session_visit_id_session_id_pk" PRIMARY KEY("visit_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "dining_table" ADD CONSTRAINT "dining_table_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_category" ADD CONSTRAINT "menu_category_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_category_translation" ADD CONSTRAINT "menu_category_translation_category_id_menu_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item" ADD CONSTRAINT "menu_item_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item" ADD CONSTRAINT "menu_item_category_id_menu_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item" ADD CONSTRAINT "menu_item_vat_key_id_vat_key_id_fk" FOREIGN KEY ("vat_key_id") REFERENCES "public"."vat_key"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_allergen" ADD CONSTRAINT "menu_item_allergen_item_id_menu_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_rating" ADD CONSTRAINT "menu_item_rating_item_id_menu_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_rating" ADD CONSTRAINT "menu_item_rating_session_id_diner_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."diner_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_translation" ADD CONSTRAINT "menu_item_translation_item_id_menu_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_menu_item_id_menu_item_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_visit_id_table_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."table_visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_session_id_diner_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."diner_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_visit_id_table_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."table_visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_session_id_diner_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."diner_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_item" ADD CONSTRAINT "payment_item_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_item" ADD CONSTRAINT "payment_item_order_item_id_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_staff_user_id_staff_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_event" ADD CONSTRAINT "table_event_table_id_dining_table_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_table"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_event" ADD CONSTRAINT "table_event_visit_id_table_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."table_visit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_visit" ADD CONSTRAINT "table_visit_table_id_dining_table_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_table"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_key" ADD CONSTRAINT "vat_key_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_session" ADD CONSTRAINT "visit_session_visit_id_table_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."table_visit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_session" ADD CONSTRAINT "visit_session_session_id_diner_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."diner_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_table_restaurant_number_uq" ON "dining_table" USING btree ("restaurant_id","table_number");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_category_restaurant_ref_uq" ON "menu_category" USING btree ("restaurant_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_category_translation_uq" ON "menu_category_translation" USING btree ("category_id","iso_code");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_item_restaurant_ref_uq" ON "menu_item" USING btree ("restaurant_id","ref");--> statement-breakpoint
CREATE INDEX "menu_item_category_idx" ON "menu_item" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "menu_item_rating_session_idx" ON "menu_item_rating" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_item_translation_uq" ON "menu_item_translation" USING btree ("item_id","iso_code");--> statement-breakpoint
CREATE INDEX "order_item_order_idx" ON "order_item" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_session_idempotency_uq" ON "orders" USING btree ("session_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_visit_idx" ON "orders" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_session_idempotency_uq" ON "payment" USING btree ("session_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_visit_idx" ON "payment" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "staff_session_user_idx" ON "staff_session" USING btree ("staff_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_user_email_uq" ON "staff_user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "table_event_table_idx" ON "table_event" USING btree ("table_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_visit_one_open_uq" ON "table_visit" USING btree ("table_id") WHERE "table_visit"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_key_restaurant_code_uq" ON "vat_key" USING btree ("restaurant_id","code");--> statement-breakpoint
CREATE INDEX "visit_session_session_idx" ON "visit_session" USING btree ("session_id");