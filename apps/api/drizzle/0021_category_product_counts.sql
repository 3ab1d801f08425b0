-- The category tree's counts, kept by the database on every write to products (issue #18). Statement-level
-- triggers append, per category a statement changed, the change of its active products (all, universal): a bulk
-- import pays one aggregate per statement, not per row, and a price-only update appends nothing. Rows are only
-- ever appended, so concurrent writers (parallel imports, the back office, orders) never lock one another out;
-- a category's count is the sum of its rows, and housekeeping folds them into one row per category.
CREATE TABLE "category_product_counts" (
	"category_id" integer NOT NULL,
	"total" integer NOT NULL,
	"universal" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_product_counts" ADD CONSTRAINT "category_product_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "category_product_counts" ("category_id", "total", "universal")
  SELECT "category_id", count(*), count(*) FILTER (WHERE "is_universal") FROM "products" WHERE "is_active"
  GROUP BY "category_id";--> statement-breakpoint
CREATE FUNCTION "category_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "category_product_counts" ("category_id", "total", "universal")
      SELECT "category_id", count(*), count(*) FILTER (WHERE "is_universal") FROM new_rows WHERE "is_active"
      GROUP BY "category_id";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "category_product_counts" ("category_id", "total", "universal")
      SELECT "category_id", -count(*), -count(*) FILTER (WHERE "is_universal") FROM old_rows WHERE "is_active"
      GROUP BY "category_id";
  ELSE
    -- Only rows whose category, active flag or universality changed move a count.
    INSERT INTO "category_product_counts" ("category_id", "total", "universal")
      SELECT d."category_id", sum(d."total"), sum(d."universal") FROM (
        SELECT n."category_id", 1 AS "total", n."is_universal"::int AS "universal"
          FROM new_rows n JOIN old_rows o ON o."id" = n."id"
          WHERE n."is_active" AND (n."category_id", n."is_active", n."is_universal")
            IS DISTINCT FROM (o."category_id", o."is_active", o."is_universal")
        UNION ALL
        SELECT o."category_id", -1, -(o."is_universal"::int)
          FROM new_rows n JOIN old_rows o ON o."id" = n."id"
          WHERE o."is_active" AND (n."category_id", n."is_active", n."is_universal")
            IS DISTINCT FROM (o."category_id", o."is_active", o."is_universal")
      ) d
      GROUP BY d."category_id" HAVING sum(d."total") <> 0 OR sum(d."universal") <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "category_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "category_product_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_category_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "category_counts_add"();--> statement-breakpoint
CREATE TRIGGER "products_category_counts_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "category_counts_add"();--> statement-breakpoint
CREATE TRIGGER "products_category_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "category_counts_add"();--> statement-breakpoint
CREATE TRIGGER "products_category_counts_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "category_counts_clear"();
