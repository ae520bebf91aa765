-- The staff search with both filters (docs/decisions/0023-words-by-status-and-priority.md): a ticket's words,
-- each prefixed with its status and priority ("NEW P2 hvac"), and a query rewritten the same way, so that
-- "hvac" completed as typed among the NEW P2 tickets gathers only their postings.
-- IMMUTABLE by our word: an enum label's text is fixed unless a migration renames it, and such a migration
-- must REINDEX tickets_filtered_words.
CREATE FUNCTION ticket_filtered_words(status ticket_status, priority ticket_priority, words tsvector)
RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array(
    SELECT status::text || ' ' || priority::text || ' ' || word FROM unnest(tsvector_to_array(words)) AS word))
$$;--> statement-breakpoint
-- The query's every lexeme ('printer' & 'ja':*, as tsquery prints it) prefixed the same way.
CREATE FUNCTION ticket_filtered_query(status ticket_status, priority ticket_priority, query tsquery)
RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(query::text, '''((?:[^'']|'''')*)''', '''' || status::text || ' ' || priority::text || ' \1''', 'g')::tsquery
$$;--> statement-breakpoint
CREATE INDEX "tickets_filtered_words" ON "tickets" USING gin (ticket_filtered_words("status", "priority", "search_vector"));--> statement-breakpoint
-- Statistics of the new expression now, not at autovacuum's next analyze: without them the planner guesses
-- how many tickets a word has under a status and priority, and may walk the whole table newest first.
ANALYZE "tickets";
