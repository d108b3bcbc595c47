-- Written by hand: the term's pieces a search within a company reads from its keyed GIN index (schema/search.ts
-- `holdsWithin`), without the company's common ones (db/common-pieces.ts): the GIN reads the entry of every piece
-- a condition names, and a big company's `inv` entry holds every one of its numbers. Never empty: where every
-- piece is common all are kept (an empty array would match every row). IMMUTABLE, so a custom plan folds it.
CREATE OR REPLACE FUNCTION public.rare_pieces(pieces text[], common text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(nullif(array(SELECT p FROM unnest(pieces) p WHERE p <> ALL (common)), '{}'), pieces) $$;
