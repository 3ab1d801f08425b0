-- Analogues become directed (issue #15: the analogues import has two-way and one-way pairs). Until now the API
-- read every row both ways, so every stored pair behaved as two-way: store the reverse row of each, so that what
-- the storefront shows stays the same, and read only a row's own direction from now on.
INSERT INTO "analogues" ("product_id", "analogue_id", "is_original")
SELECT "analogue_id", "product_id", false FROM "analogues"
ON CONFLICT DO NOTHING;
