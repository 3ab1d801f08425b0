CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"ndoc" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- Search's full-text pass walks active products from the most popular down and tests each one's search vector
-- in the index itself (index-only scan, no heap row), stopping at the first ten matches: a word held by
-- thousands of products ('колодки') costs a few dozen index tuples instead of ranking every match. A rare word
-- is answered by the GIN index (products_search_idx) as before; the planner picks by its estimate.
-- drizzle-kit cannot declare INCLUDE columns, so this index is written here by hand (not in the schema file).
CREATE INDEX "products_search_popular_idx" ON "products" USING btree ("popularity" DESC, "id") INCLUDE ("search", "is_universal") WHERE "products"."is_active";--> statement-breakpoint
-- The dictionary of a database seeded before this migration (refreshSearchWords keeps it current afterwards).
INSERT INTO "search_words" ("word", "ndoc")
SELECT "word", "ndoc" FROM ts_stat('SELECT "search" FROM "products" WHERE "is_active"') WHERE "word" ~ '^[[:alpha:]]{3,}$';
--> statement-breakpoint
-- Every active product matching a full-text query, found through the GIN index only. Search calls it for its
-- second pass (words rare among the popular products, or few matches fitting the chosen vehicle), where the
-- planner's guess of how common the words are is least reliable: a popularity walk filtered by the vehicle
-- then reads the whole index (~0.5 s on 200 000 products), a sequential scan the whole table. The SET clauses
-- leave the bitmap scan of products_search_idx as the only plan; its cost follows the number of matches.
CREATE FUNCTION "search_matches"(q tsquery) RETURNS TABLE ("id" integer, "popularity" integer, "is_universal" boolean)
LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
AS $$ SELECT p.id, p.popularity, p.is_universal FROM products p WHERE p.is_active AND p.search @@ q $$;
--> statement-breakpoint
-- Universal products (they fit every vehicle) matching a full-text query, from their own small GIN index.
CREATE INDEX "products_search_universal_idx" ON "products" USING gin ("search") WHERE "products"."is_active" AND "products"."is_universal";--> statement-breakpoint
CREATE FUNCTION "search_universal_matches"(q tsquery) RETURNS TABLE ("id" integer, "popularity" integer)
LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
AS $$ SELECT p.id, p.popularity FROM products p WHERE p.is_active AND p.is_universal AND p.search @@ q $$;
--> statement-breakpoint
-- The chosen vehicle's fitting products matching a full-text query, driven by its fitment rows (a few thousand at
-- most): each is checked in products_search_id_idx without reading the product row. Used when the words are
-- common (a GIN pass would read every match) but few of the popular matches fit.
CREATE INDEX "products_search_id_idx" ON "products" USING btree ("id") INCLUDE ("popularity", "search") WHERE "products"."is_active";--> statement-breakpoint
CREATE FUNCTION "search_fitting_matches"(q tsquery, transport integer) RETURNS TABLE ("id" integer, "popularity" integer)
LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_bitmapscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$ SELECT p.id, p.popularity FROM product_transports pt JOIN products p ON p.id = pt.product_id
      WHERE pt.transport_id = transport AND p.is_active AND p.search @@ q $$;
