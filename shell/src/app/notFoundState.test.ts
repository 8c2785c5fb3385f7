import { createNotFoundState, pageKey } from './notFoundState';

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'https://shop.test');
  return { pathname, search };
};

describe('not-found state', () => {
  it('keys a page by pathname + search', () => {
    expect(pageKey(at('/blog?tag=care'))).toBe('/blog?tag=care');
    expect(pageKey(at('/blog'))).toBe('/blog');
  });

  it('accepts a report with the query of the page shown (an unknown tag, a page past the end)', () => {
    const state = createNotFoundState();
    expect(state.report('/blog?tag=astrology', at('/blog?tag=astrology'))).toBe(true);
    expect(state.isNotFound(at('/blog?tag=astrology'))).toBe(true);
    expect(state.report('/blog?page=abc', at('/blog?page=abc'))).toBe(true);
    expect(state.isNotFound(at('/blog?page=abc'))).toBe(true);
  });

  it('does not block another query of the same path after one bad one', () => {
    const state = createNotFoundState();
    state.report('/blog?tag=astrology', at('/blog?tag=astrology'));
    expect(state.isNotFound(at('/blog?tag=care'))).toBe(false);
    expect(state.isNotFound(at('/blog'))).toBe(false);
  });

  it('accepts a pathname-only report (catalog, account, cart) for the page shown, whatever its query', () => {
    const state = createNotFoundState();
    expect(state.report('/products/nope', at('/products/nope'))).toBe(true);
    expect(state.isNotFound(at('/products/nope'))).toBe(true);
    expect(state.report('/products/gone', at('/products/gone?variant=3'))).toBe(true);
    expect(state.isNotFound(at('/products/gone?variant=3'))).toBe(true);
  });

  it("ignores a report from a remote that does not own the page shown (it is being left: the account's catch-all sees '/' before it unmounts)", () => {
    const state = createNotFoundState();
    expect(state.report('/', at('/'), { source: 'account', owner: 'content' })).toBe(false);
    expect(state.isNotFound(at('/'))).toBe(false);
    expect(state.report('/products/nope', at('/products/nope'), { source: 'catalog', owner: 'catalog' })).toBe(true);
    expect(state.isNotFound(at('/products/nope'))).toBe(true);
  });

  it('ignores reports for a page other than the one shown', () => {
    const state = createNotFoundState();
    expect(state.report('/blog?tag=astrology', at('/blog?tag=care'))).toBe(false);
    expect(state.report('/blog/old-post', at('/blog'))).toBe(false);
    expect(state.report('/blog', at('/blog/old-post'))).toBe(false);
    expect(state.isNotFound(at('/blog?tag=care'))).toBe(false);
    expect(state.isNotFound(at('/blog'))).toBe(false);
  });

  it('forgets the marks of other pages when the URL changes, and the current one stays', () => {
    const state = createNotFoundState();
    state.report('/blog?tag=astrology', at('/blog?tag=astrology'));
    state.forgetOthers(at('/blog?tag=astrology'));
    expect(state.isNotFound(at('/blog?tag=astrology'))).toBe(true);
    state.forgetOthers(at('/blog?tag=care'));
    expect(state.isNotFound(at('/blog?tag=astrology'))).toBe(false);
  });
});
