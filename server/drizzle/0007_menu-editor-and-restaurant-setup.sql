CREATE TABLE "menu_draft" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"document" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"reset_at" integer DEFAULT 0 NOT NULL,
	"changed_at" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"number" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"restored_from" integer
);
--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "settings_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "qr_codes_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menu_draft" ADD CONSTRAINT "menu_draft_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_version" ADD CONSTRAINT "menu_version_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_version_restaurant_number_uq" ON "menu_version" USING btree ("restaurant_id","number");