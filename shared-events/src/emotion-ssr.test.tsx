import { css } from '@emotion/react';
import type { AppProps } from 'single-spa';
import { defineRemoteApp, pageEmotionCache } from './remote';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const props = (domElement: HTMLElement) => ({ name: 'catalog', singleSpa: {}, mountParcel: jest.fn(), domElement }) as unknown as AppProps;

describe('the page emotion cache and the server-rendered rules in the head', () => {
  it('takes the ids of <style data-emotion="css-ssr …">, inserts none of those rules again and never moves that element', async () => {
    const served = css({ color: 'rebeccapurple' });
    const fresh = css({ color: 'tomato' });
    document.head.innerHTML = `<style data-emotion="css-ssr ${served.name}" data-s="">.css-${served.name}{color:rebeccapurple;}</style><meta name="after">`;
    const ssrStyle = document.head.querySelector('style')!;
    const element = document.createElement('div');
    document.body.append(element);
    const app = defineRemoteApp({
      name: 'catalog',
      rootComponent: () => (
        <>
          <p css={served}>served</p>
          <p css={fresh}>fresh</p>
        </>
      ),
    });
    await app.bootstrap(props(element));
    await app.mount(props(element));
    expect(pageEmotionCache().inserted[served.name]).toBe(true);
    expect(element.querySelector('p')?.className).toBe(`css-${served.name}`);
    // the server's element is where it was, and no other stylesheet carries its rule again
    expect(document.head.firstElementChild).toBe(ssrStyle);
    const others = [...document.querySelectorAll('style')].filter((style) => style !== ssrStyle);
    const rules = others.flatMap((style) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText)).join('\n') + others.map((style) => style.textContent).join('\n');
    expect(rules).not.toContain('rebeccapurple');
    expect(rules).toContain('tomato');
    await app.unmount(props(element));
  });
});
