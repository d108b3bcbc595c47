-- Written by hand: the search functions (0011 `search_fold`, 0029 `tenant_grams`, 0032 `rare_pieces`) in PL/pgSQL,
-- same results. A search's custom plan folds every call on the term to a constant while planning, and an SQL
-- function that cannot be inlined is parsed and planned again at each such call: 12 `search_fold`s and three of
-- each of the other two cost 0.85 ms of a search page's planning on the bench database, 0.18 ms in PL/pgSQL, which
-- compiles a function once a connection. `search_fold` on each row a LIKE rechecks: 3.9 → 1.8 µs. The indexes
-- on these expressions stay valid: every value, NULL for a text under three characters included, is unchanged.
CREATE OR REPLACE FUNCTION public.search_fold(text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ BEGIN RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1)); END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.tenant_grams(tenant integer, t text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
DECLARE
  pieces text[];
  piece text;
  key text := tenant || ':';
BEGIN
  FOR i IN 1 .. length(t) - 2 LOOP
    piece := key || substr(t, i, 3);
    IF pieces IS NULL THEN
      pieces := ARRAY[piece];
    ELSIF piece <> ALL (pieces) THEN
      pieces := pieces || piece;
    END IF;
  END LOOP;
  RETURN pieces;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.rare_pieces(pieces text[], common text[]) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
DECLARE
  rare text[] := '{}';
  piece text;
BEGIN
  FOREACH piece IN ARRAY pieces LOOP
    IF piece <> ALL (common) THEN
      rare := rare || piece;
    END IF;
  END LOOP;
  RETURN CASE WHEN cardinality(rare) = 0 THEN pieces ELSE rare END;
END $$;
