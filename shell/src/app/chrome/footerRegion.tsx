import { Footer } from '../../features/footer/Footer';
import { RegionBoundary } from './regions';

/**
 * The footer's React tree: its own chunk in the browser (hydrated when the shopper nears it, see
 * lifecycles.tsx), part of the server bundle for the edge's render.
 */
export function FooterRegion() {
  return (
    <RegionBoundary region="footer">
      <Footer />
    </RegionBoundary>
  );
}
