DROP INDEX "orders_created_at_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "restaurant_id" integer;--> statement-breakpoint
-- Orders placed before this migration take their visit's table's restaurant (docs/decisions/078).
UPDATE "orders" AS o SET "restaurant_id" = t."restaurant_id"
  FROM "table_visit" AS v JOIN "dining_table" AS t ON t."id" = v."table_id"
  WHERE v."id" = o."visit_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "restaurant_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_restaurant_created_idx" ON "orders" USING btree ("restaurant_id","created_at");
