CREATE TABLE "menu_boundary_notice" (
	"restaurant_id" integer NOT NULL,
	"boundary_at" timestamp with time zone NOT NULL,
	CONSTRAINT "menu_boundary_notice_restaurant_id_boundary_at_pk" PRIMARY KEY("restaurant_id","boundary_at")
);
--> statement-breakpoint
CREATE TABLE "menu_item_sold_out_until" (
	"menu_item_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_window" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"category_id" integer,
	"menu_item_id" integer,
	"weekdays" integer[] NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "menu_window_one_target" CHECK (("menu_window"."category_id" is null) <> ("menu_window"."menu_item_id" is null)),
	CONSTRAINT "menu_window_minutes" CHECK ("menu_window"."start_minute" between 0 and 1439 and "menu_window"."end_minute" between 0 and 1439 and "menu_window"."start_minute" <> "menu_window"."end_minute")
);
--> statement-breakpoint
ALTER TABLE "menu_boundary_notice" ADD CONSTRAINT "menu_boundary_notice_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_sold_out_until" ADD CONSTRAINT "menu_item_sold_out_until_menu_item_id_menu_item_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_window" ADD CONSTRAINT "menu_window_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_window" ADD CONSTRAINT "menu_window_category_id_menu_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_window" ADD CONSTRAINT "menu_window_menu_item_id_menu_item_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_window_restaurant_idx" ON "menu_window" USING btree ("restaurant_id");