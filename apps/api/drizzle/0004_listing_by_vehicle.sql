-- A vehicle's listing (and facets) in a category used to scan every active product of the category (up to 16 000
-- index entries) and test each against the vehicle's fitted set. With the product's category copied into
-- product_transports, the fitted products of a category are one index range of a few hundred entries; the
-- universal products (they fit every vehicle) come from their own partial index. See listing.service.ts.
ALTER TABLE "product_transports" ADD COLUMN "category_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "product_transports" pt SET "category_id" = p."category_id" FROM "products" p WHERE p."id" = pt."product_id";--> statement-breakpoint
-- The copy is kept by the database, not by callers: a fitment row always takes its product's category, and a
-- product moved to another category moves its fitment rows with it.
CREATE FUNCTION "product_transports_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."category_id" INTO NEW."category_id" FROM "products" p WHERE p."id" = NEW."product_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_transports_category" BEFORE INSERT OR UPDATE ON "product_transports"
FOR EACH ROW EXECUTE FUNCTION "product_transports_category"();--> statement-breakpoint
CREATE FUNCTION "products_category_to_fitment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_transports" SET "category_id" = NEW."category_id" WHERE "product_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_category_to_fitment" AFTER UPDATE OF "category_id" ON "products"
FOR EACH ROW WHEN (OLD."category_id" IS DISTINCT FROM NEW."category_id") EXECUTE FUNCTION "products_category_to_fitment"();--> statement-breakpoint
CREATE INDEX "product_transports_category_idx" ON "product_transports" USING btree ("transport_id","category_id","product_id");--> statement-breakpoint
CREATE INDEX "products_universal_listing_idx" ON "products" USING btree ("category_id","popularity" DESC NULLS LAST,"id","price","rating_avg","rating_count","created_at") WHERE "products"."is_active" and "products"."is_universal";
