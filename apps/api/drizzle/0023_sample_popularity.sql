DROP INDEX "products_sample_idx";--> statement-breakpoint
DROP INDEX "product_transports_sample_idx";--> statement-breakpoint
CREATE INDEX "products_sample_idx" ON "products" USING btree ("category_id",hashint4("id"),"id","price","popularity") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "product_transports_sample_idx" ON "product_transports" USING btree ("transport_id","category_id",hashint4("product_id"),"product_id","price","popularity") WHERE "product_transports"."listed";