import { ownerOf } from './report';

jest.mock('web-vitals/attribution', () => ({ onCLS: jest.fn(), onFCP: jest.fn(), onINP: jest.fn(), onLCP: jest.fn(), onTTFB: jest.fn() }));

describe('Web Vitals attribution', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <script type="application/json" id="shell-registry">{"remotes":[{"name":"cart_checkout","version":"cc9"}]}</script>
      <header><button id="menu">Menu</button></header>
      <main id="shell-main">
        <div id="app-catalog" data-remote="catalog" data-remote-version="c2" data-ssr="rendered"><img id="hero" alt=""><span>text</span></div>
        <div id="app-cart_checkout" data-remote="cart_checkout"><button id="pay">Pay</button></div>
      </main>`;
  });

  it('names the region the edge rendered, with the version it wrote', () => {
    expect(ownerOf(document.getElementById('hero'), 's1')).toBe('catalog@c2');
    expect(ownerOf(document.querySelector('#app-catalog span')!.firstChild ?? document.querySelector('#app-catalog span'), 's1')).toBe('catalog@c2');
  });

  it('takes the page registry\'s version for a region without one, and the shell for anything outside a region', () => {
    expect(ownerOf(document.getElementById('pay'), 's1')).toBe('cart_checkout@cc9');
    expect(ownerOf(document.getElementById('menu'), 's1')).toBe('shell@s1');
  });
});
