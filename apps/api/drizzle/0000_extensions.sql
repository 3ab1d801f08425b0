-- Trigram indexes for typo-tolerant and part-number search (PostgreSQL 15 and PGlite both ship it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
