-- A vehicle's counts per category, kept by the database on every write to product_transports (issue #18), as
-- appended change rows like category_product_counts (migration 0021): statement-level triggers for inserts and
-- deletes (one aggregate per statement: bulk fitment loads pay per batch), a row-level trigger for updates that
-- fires only when a row's category or `listed` flag changes (price and popularity copies append nothing).
CREATE TABLE "transport_category_counts" (
	"transport_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"found" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transport_category_counts_transport_idx" ON "transport_category_counts" USING btree ("transport_id","category_id");--> statement-breakpoint
INSERT INTO "transport_category_counts" ("transport_id", "category_id", "found")
  SELECT "transport_id", "category_id", count(*) FROM "product_transports" WHERE "listed"
  GROUP BY "transport_id", "category_id";--> statement-breakpoint
CREATE FUNCTION "transport_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "transport_category_counts" ("transport_id", "category_id", "found")
      SELECT "transport_id", "category_id", count(*) FROM new_rows WHERE "listed" GROUP BY "transport_id", "category_id";
  ELSE
    INSERT INTO "transport_category_counts" ("transport_id", "category_id", "found")
      SELECT "transport_id", "category_id", -count(*) FROM old_rows WHERE "listed" GROUP BY "transport_id", "category_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "transport_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."listed" THEN
    INSERT INTO "transport_category_counts" ("transport_id", "category_id", "found")
      VALUES (OLD."transport_id", OLD."category_id", -1);
  END IF;
  IF NEW."listed" THEN
    INSERT INTO "transport_category_counts" ("transport_id", "category_id", "found")
      VALUES (NEW."transport_id", NEW."category_id", 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "transport_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "transport_category_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_transports_counts_insert" AFTER INSERT ON "product_transports" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "transport_counts_add"();--> statement-breakpoint
CREATE TRIGGER "product_transports_counts_delete" AFTER DELETE ON "product_transports" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "transport_counts_add"();--> statement-breakpoint
CREATE TRIGGER "product_transports_counts_update" AFTER UPDATE ON "product_transports" FOR EACH ROW
  WHEN (OLD."listed" IS DISTINCT FROM NEW."listed" OR OLD."category_id" IS DISTINCT FROM NEW."category_id"
    OR OLD."transport_id" IS DISTINCT FROM NEW."transport_id")
  EXECUTE FUNCTION "transport_counts_move"();--> statement-breakpoint
CREATE TRIGGER "product_transports_counts_truncate" AFTER TRUNCATE ON "product_transports"
  FOR EACH STATEMENT EXECUTE FUNCTION "transport_counts_clear"();
