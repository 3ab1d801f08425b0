-- A vehicle's listing reads its fitted products of a category in the order a page asks for and stops at the page
-- (issue #18): the product's popularity and price, and whether it is listed by fitment, are copied into its
-- fitment rows, kept by the database like the category (migration 0004), never by callers.
ALTER TABLE "product_transports" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_transports" ADD COLUMN "price" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_transports" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "product_transports" pt SET "popularity" = p."popularity", "price" = p."price",
  "listed" = p."is_active" AND NOT p."is_universal" FROM "products" p WHERE p."id" = pt."product_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_transports_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."category_id", p."popularity", p."price", p."is_active" AND NOT p."is_universal"
    INTO NEW."category_id", NEW."popularity", NEW."price", NEW."listed"
    FROM "products" p WHERE p."id" = NEW."product_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_category_to_fitment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_transports" SET "category_id" = NEW."category_id", "popularity" = NEW."popularity",
    "price" = NEW."price", "listed" = NEW."is_active" AND NOT NEW."is_universal"
  WHERE "product_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "products_category_to_fitment" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_category_to_fitment" AFTER UPDATE OF "category_id", "popularity", "price", "is_active", "is_universal" ON "products"
FOR EACH ROW WHEN (OLD."category_id" IS DISTINCT FROM NEW."category_id" OR OLD."popularity" IS DISTINCT FROM NEW."popularity"
  OR OLD."price" IS DISTINCT FROM NEW."price" OR OLD."is_active" IS DISTINCT FROM NEW."is_active"
  OR OLD."is_universal" IS DISTINCT FROM NEW."is_universal")
EXECUTE FUNCTION "products_category_to_fitment"();--> statement-breakpoint
CREATE INDEX "product_transports_popular_idx" ON "product_transports" USING btree ("transport_id","category_id","popularity" DESC NULLS LAST,"product_id","price") WHERE "product_transports"."listed";--> statement-breakpoint
CREATE INDEX "product_transports_price_idx" ON "product_transports" USING btree ("transport_id","category_id","price","product_id") WHERE "product_transports"."listed";--> statement-breakpoint
CREATE INDEX "product_transports_sample_idx" ON "product_transports" USING btree ("transport_id","category_id",hashint4("product_id"),"product_id","price") WHERE "product_transports"."listed";