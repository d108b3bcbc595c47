import { type ComponentType, createContext, Suspense, useContext } from 'react';

export type TLineMarkProps = {
  /** A document on the review screen (`revision` changes when its lines are edited), or a processed order. */
  source: { documentId: number; revision: string } | { orderId: number };
  lineNo: number;
  /** On an order: the line, so a flagged price can be disputed from the mark. */
  item?: { id: number; price: number | null };
};

/**
 * The catalogue's mark of a read line (its POS product, a price change). The orders screens show it without
 * importing the catalogue feature (ARCHITECTURE §2): the app layer provides it, for shops only.
 */
export const LineMarkContext = createContext<ComponentType<TLineMarkProps> | null>(null);

/** Renders the provided line mark, or nothing outside a shop's area. */
export function LineMark(props: TLineMarkProps) {
  const Mark = useContext(LineMarkContext);
  if (!Mark) return null;
  return (
    <Suspense fallback={null}>
      <Mark {...props} />
    </Suspense>
  );
}
