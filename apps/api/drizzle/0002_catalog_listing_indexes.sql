DROP INDEX "ppv_property_num_idx";--> statement-breakpoint
CREATE INDEX "analogues_analogue_idx" ON "analogues" USING btree ("analogue_id");--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("category_id","popularity" DESC NULLS LAST,"id","price","is_universal","rating_avg","rating_count","created_at") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_fitment_lookup_idx" ON "products" USING btree ("id","category_id","is_universal") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "ppv_property_num_idx" ON "product_property_values" USING btree ("property_id","num_value","product_id");