CREATE TABLE "closed_day" (
	"restaurant_id" integer NOT NULL,
	"date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "closed_day_restaurant_id_date_pk" PRIMARY KEY("restaurant_id","date")
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_span" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"opens" integer NOT NULL,
	"closes" integer NOT NULL,
	CONSTRAINT "opening_span_weekday" CHECK ("opening_span"."weekday" between 1 and 7),
	CONSTRAINT "opening_span_minutes" CHECK ("opening_span"."opens" between 0 and 1439 and "opening_span"."closes" between 0 and 1439),
	CONSTRAINT "opening_span_not_empty" CHECK ("opening_span"."opens" <> "opening_span"."closes")
);
--> statement-breakpoint
ALTER TABLE "closed_day" ADD CONSTRAINT "closed_day_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_span" ADD CONSTRAINT "opening_span_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opening_span_restaurant_idx" ON "opening_span" USING btree ("restaurant_id");