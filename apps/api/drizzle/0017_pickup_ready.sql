-- Pickup where the stock is (issue #17): when an order takes units from another branch's warehouse, the moment
-- they are ready at the order's branch, computed at order time from the branches' opening hours.
ALTER TABLE "orders" ADD COLUMN "pickup_ready_at" timestamp with time zone;
