-- Search: a version number every catalogue change bumps, so a running server can see
-- another process's import and rebuild its index; and the searches shoppers ran, as
-- bare query text with a count (no shopper, no time of day), for suggestions.

CREATE TABLE catalogue_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);

CREATE TABLE search_queries (
    query TEXT PRIMARY KEY,
    searches BIGINT NOT NULL
);
CREATE INDEX search_queries_popular ON search_queries (searches);
