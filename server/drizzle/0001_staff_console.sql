CREATE TYPE "public"."table_call_kind" AS ENUM('WAITER', 'BILL');--> statement-breakpoint
CREATE TABLE "table_call" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"kind" "table_call_kind" NOT NULL,
	"session_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer
);
--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "reservation_url" text;--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "table_call" ADD CONSTRAINT "table_call_table_id_dining_table_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_table"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_call" ADD CONSTRAINT "table_call_visit_id_table_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."table_visit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_call" ADD CONSTRAINT "table_call_session_id_diner_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."diner_session"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_call" ADD CONSTRAINT "table_call_acknowledged_by_staff_user_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "table_call_visit_kind_uq" ON "table_call" USING btree ("visit_id","kind");