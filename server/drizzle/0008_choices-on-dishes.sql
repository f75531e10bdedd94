CREATE TYPE "public"."option_group_kind" AS ENUM('SINGLE', 'MULTIPLE', 'QUANTITY');--> statement-breakpoint
CREATE TABLE "menu_item_option_group" (
	"item_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "menu_item_option_group_item_id_group_id_pk" PRIMARY KEY("item_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "menu_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"ref" text NOT NULL,
	"price_delta" integer DEFAULT 0 NOT NULL,
	"availability_type" "availability_type" DEFAULT 'AVAILABLE' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "menu_option_price_delta_nonnegative" CHECK ("menu_option"."price_delta" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menu_option_allergen" (
	"option_id" integer NOT NULL,
	"type" "allergen_type" NOT NULL,
	CONSTRAINT "menu_option_allergen_option_id_type_pk" PRIMARY KEY("option_id","type")
);
--> statement-breakpoint
CREATE TABLE "menu_option_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"ref" text NOT NULL,
	"kind" "option_group_kind" NOT NULL,
	"min_choices" integer DEFAULT 0 NOT NULL,
	"max_choices" integer NOT NULL,
	"free_choices" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "menu_option_group_counts" CHECK ("menu_option_group"."min_choices" >= 0 and "menu_option_group"."max_choices" >= 1 and "menu_option_group"."min_choices" <= "menu_option_group"."max_choices" and "menu_option_group"."free_choices" >= 0 and "menu_option_group"."free_choices" <= "menu_option_group"."max_choices")
);
--> statement-breakpoint
CREATE TABLE "menu_option_group_translation" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"iso_code" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_option_translation" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"iso_code" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "choices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_item_option_group" ADD CONSTRAINT "menu_item_option_group_item_id_menu_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_option_group" ADD CONSTRAINT "menu_item_option_group_group_id_menu_option_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."menu_option_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_option" ADD CONSTRAINT "menu_option_group_id_menu_option_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."menu_option_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_option_allergen" ADD CONSTRAINT "menu_option_allergen_option_id_menu_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."menu_option"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_option_group" ADD CONSTRAINT "menu_option_group_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_option_group_translation" ADD CONSTRAINT "menu_option_group_translation_group_id_menu_option_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."menu_option_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_option_translation" ADD CONSTRAINT "menu_option_translation_option_id_menu_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."menu_option"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_item_option_group_group_idx" ON "menu_item_option_group" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_option_group_ref_uq" ON "menu_option" USING btree ("group_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_option_group_restaurant_ref_uq" ON "menu_option_group" USING btree ("restaurant_id","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_option_group_translation_uq" ON "menu_option_group_translation" USING btree ("group_id","iso_code");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_option_translation_uq" ON "menu_option_translation" USING btree ("option_id","iso_code");