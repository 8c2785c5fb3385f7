import type { ProductTile as Tile } from '@store/contracts';
import { withEmotionCache } from '@emotion/react';
import { createContext, memo, Suspense, useContext } from 'react';
import { ProductTile } from './ProductTile';

/**
 * A tile's server-rendered HTML, made once and reused: the HTML of `<Suspense><ProductTile/></Suspense>`
 * and the emotion rules it uses, by id. The server render of a list provides these (server/tiles.tsx);
 * in the browser there are none and every tile renders itself.
 */
export interface TileFragment {
  html: string;
  styles: [id: string, rules: string][];
}
export type TileFragments = (item: Tile, eager: boolean, position: number) => TileFragment | null;
export const TileFragmentsContext = createContext<TileFragments | null>(null);

/** A kept tile (server only): its HTML, and its rules in the page's styles as a live render would have inserted them. */
const KeptTile = withEmotionCache(({ fragment }: { fragment: TileFragment }, cache) => {
  const inserted = cache.inserted as Record<string, string | true | undefined>;
  for (const [id, rules] of fragment.styles) inserted[id] ??= rules;
  return <li dangerouslySetInnerHTML={{ __html: fragment.html }} />;
});

/**
 * One item of a product list. Each tile hydrates on its own (selective hydration: short tasks, not
 * one long one). On the server a tile already rendered for another list is written from its kept
 * HTML: the same bytes React writes for it, so hydration sees no difference.
 */
export const TileItem = memo(function TileItem({ item, eager, position }: { item: Tile; eager: boolean; position: number }) {
  const fragments = useContext(TileFragmentsContext);
  const fragment = fragments?.(item, eager, position) ?? null;
  if (fragment) return <KeptTile fragment={fragment} />;
  return (
    <li>
      <Suspense fallback={null}>
        <ProductTile item={item} eager={eager} position={position} />
      </Suspense>
    </li>
  );
});
