-- Trigram matching backs substring search over segments and translations (DESIGN.md §7:
-- never for exact lookups, which stay on plain b-tree columns).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
