-- Typo-tolerant search (catalog): trigram similarity of query words against the catalogue's words.
-- PGlite loads the extension from @electric-sql/pglite/contrib/pg_trgm (api/src/db/index.ts);
-- on PostgreSQL it is a trusted contrib extension (CREATE privilege on the database suffices).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
