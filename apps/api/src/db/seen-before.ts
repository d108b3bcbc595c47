/** Texts remembered as seen once; forgotten all at once beyond it. */
const MAX_SEEN = 4_096;

/**
 * Whether a statement's text was seen before: both prepared-statement paths (`pglite-prepared.ts`,
 * `pg-prepared.ts`) keep a text the second time it is sent, so one-off statements (migrations, inserts of many
 * rows) are never kept. A text answers true once, then counts as unseen again (its caller keeps it from then on).
 */
export function seenBefore() {
  const seen = new Set<string>();
  return (text: string) => {
    if (seen.delete(text)) return true;
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.add(text);
    return false;
  };
}
