/** A box on screen, in CSS pixels. */
export interface Box {
  readonly top: number;
  readonly left: number;
  readonly width: number;
  readonly height: number;
}

/** Where a floating card goes and on which side of its anchor it ended up. */
export interface CardPlacement {
  readonly top: number;
  readonly left: number;
  readonly side: 'below' | 'above';
}

/**
 * Places a card next to its anchor so it stays on screen: below when it fits, else above, else on
 * the roomier side; shifted sideways to stay within the viewport, `margin` from every edge.
 */
export function placeCard(
  anchor: Box,
  card: { readonly width: number; readonly height: number },
  viewport: { readonly width: number; readonly height: number },
  margin = 8,
  gap = 6,
): CardPlacement {
  const below = anchor.top + anchor.height + gap;
  const roomBelow = viewport.height - margin - below;
  const roomAbove = anchor.top - gap - margin;
  const side =
    card.height <= roomBelow || (card.height > roomAbove && roomBelow >= roomAbove)
      ? 'below'
      : 'above';
  const rawTop = side === 'below' ? below : anchor.top - gap - card.height;
  const top = Math.max(margin, Math.min(rawTop, viewport.height - margin - card.height));
  const maxLeft = viewport.width - margin - card.width;
  const left = Math.max(margin, Math.min(anchor.left, maxLeft));
  return { top: Math.round(top), left: Math.round(left), side };
}
