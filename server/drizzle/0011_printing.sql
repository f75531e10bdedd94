CREATE TYPE "public"."print_job_kind" AS ENUM('ORDER', 'VOID', 'REPRINT');--> statement-breakpoint
CREATE TYPE "public"."print_job_state" AS ENUM('WAITING', 'PRINTED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."printer_command_set" AS ENUM('ESC_POS', 'STAR');--> statement-breakpoint
CREATE TABLE "print_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"printer_id" integer NOT NULL,
	"order_id" integer,
	"kind" "print_job_kind" NOT NULL,
	"state" "print_job_state" DEFAULT 'WAITING' NOT NULL,
	"ticket" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printer" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"command_set" "printer_command_set" DEFAULT 'ESC_POS' NOT NULL,
	"paper_width" integer DEFAULT 80 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"online" boolean,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printer_paper_width" CHECK ("printer"."paper_width" in (58, 80)),
	CONSTRAINT "printer_port" CHECK ("printer"."port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "printer_category" (
	"printer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "printer_category_printer_id_category_id_pk" PRIMARY KEY("printer_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "restaurant" ADD COLUMN "print_trigger" text DEFAULT 'ACCEPTED' NOT NULL;--> statement-breakpoint
ALTER TABLE "print_job" ADD CONSTRAINT "print_job_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_job" ADD CONSTRAINT "print_job_printer_id_printer_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_job" ADD CONSTRAINT "print_job_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer" ADD CONSTRAINT "printer_restaurant_id_restaurant_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_category" ADD CONSTRAINT "printer_category_printer_id_printer_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_category" ADD CONSTRAINT "printer_category_category_id_menu_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_job_once_uq" ON "print_job" USING btree ("order_id","printer_id","kind") WHERE "print_job"."kind" in ('ORDER', 'VOID');--> statement-breakpoint
CREATE INDEX "print_job_waiting_idx" ON "print_job" USING btree ("printer_id","id") WHERE "print_job"."state" = 'WAITING';--> statement-breakpoint
CREATE INDEX "print_job_order_idx" ON "print_job" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "printer_restaurant_idx" ON "printer" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "printer_category_category_idx" ON "printer_category" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "restaurant" ADD CONSTRAINT "restaurant_print_trigger" CHECK ("restaurant"."print_trigger" in ('ACCEPTED', 'PLACED'));