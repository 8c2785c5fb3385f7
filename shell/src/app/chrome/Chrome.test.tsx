import { PAGE_VIEW_DELAY_MS } from '@store/shared-events/analytics';
import { pageViewDelay } from './Chrome';

describe('when a page view is due', () => {
  it('counts the first page from the document load, so scripts that start late do not delay it', () => {
    expect(pageViewDelay(true, 1200)).toBe(PAGE_VIEW_DELAY_MS - 1200);
    expect(pageViewDelay(true, PAGE_VIEW_DELAY_MS + 2500)).toBe(0);
  });
  it('counts a later navigation from now', () => {
    expect(pageViewDelay(false, 60_000)).toBe(PAGE_VIEW_DELAY_MS);
  });
});
