import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKETS } from '@store/contracts/market';
import { MarketProvider } from '@store/ui/market';
import { GeoPrompt } from './GeoPrompt';
import { RegionSelector } from '../../lib/region/RegionSelector';
import { GEO_ACK_KEY, readGeoLocale, shouldPromptCountry } from './geo';

const PROMPT = "It looks like you're in Australia. Visit our Australian site for local prices and delivery?";

function embed(json: string | null) {
  document.getElementById('geo-locale')?.remove();
  if (json === null) return;
  const script = document.createElement('script');
  script.id = 'geo-locale';
  script.type = 'application/json';
  script.textContent = json;
  document.head.appendChild(script);
}

afterEach(() => {
  embed(null);
  localStorage.clear();
});

describe('readGeoLocale', () => {
  it('reads the embedded country', () => {
    embed('{"country":"AU","result":"SUCCESS"}');
    expect(readGeoLocale()).toEqual({ country: 'AU', result: 'SUCCESS' });
    embed('{"country":"gb","result":"SUCCESS"}');
    expect(readGeoLocale()).toEqual({ country: 'GB', result: 'SUCCESS' });
    embed('{"country":"NZ","result":"NOT_FOUND"}');
    expect(readGeoLocale()).toEqual({ country: 'NZ', result: 'NOT_FOUND' });
  });

  it('is robust to a missing or garbled script', () => {
    expect(readGeoLocale()).toEqual({ country: 'NZ', result: 'NOT_FOUND' });
    for (const garbled of ['', '{', 'null', '"AU"', '{"country":"AU"}', '{"country":"AUS","result":"SUCCESS"}', '{"country":3,"result":"SUCCESS"}', '{"country":"AU","result":"MAYBE"}']) {
      embed(garbled);
      expect(readGeoLocale()).toEqual({ country: 'NZ', result: 'ERROR' });
    }
  });

  it('prompts only for a known other country not yet acknowledged', () => {
    expect(shouldPromptCountry({ country: 'AU', result: 'SUCCESS' }, 'NZ', null)).toBe(true);
    expect(shouldPromptCountry({ country: 'AU', result: 'SUCCESS' }, 'NZ', 'AU')).toBe(false);
    expect(shouldPromptCountry({ country: 'AU', result: 'SUCCESS' }, 'NZ', 'US')).toBe(true);
    expect(shouldPromptCountry({ country: 'NZ', result: 'SUCCESS' }, 'NZ', null)).toBe(false);
    expect(shouldPromptCountry({ country: 'NZ', result: 'ERROR' }, 'NZ', null)).toBe(false);
  });
});

describe('GeoPrompt', () => {
  it('offers the Australian site to a visitor in Australia; staying hides it for good', async () => {
    const user = userEvent.setup();
    embed('{"country":"AU","result":"SUCCESS"}');
    const { unmount } = render(<GeoPrompt />);
    const prompt = screen.getByRole('complementary', { name: 'Change country' });
    expect(prompt).toHaveTextContent(PROMPT);
    const go = screen.getByRole('link', { name: /Go to the Australian site/ });
    expect(go).toHaveAttribute('href', 'https://www.fernleaf.com.au');
    expect(go).toHaveAttribute('target', '_blank');
    expect(go.getAttribute('rel')).toContain('noopener');

    await user.click(screen.getByRole('button', { name: 'Stay on the New Zealand site' }));
    expect(screen.queryByText(PROMPT)).toBeNull();
    expect(localStorage.getItem(GEO_ACK_KEY)).toBe('AU');

    // a reload: the acknowledgement persists
    unmount();
    render(<GeoPrompt />);
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it("sits in the page's flow between the header and the page, never over it", () => {
    document.body.innerHTML = '<header id="shell-header"></header><main id="shell-main"></main>';
    embed('{"country":"AU","result":"SUCCESS"}');
    const { unmount } = render(<GeoPrompt />);
    const prompt = screen.getByRole('complementary', { name: 'Change country' });
    expect(prompt.parentElement?.id).toBe('geo-prompt-host');
    expect(prompt.parentElement?.previousElementSibling?.id).toBe('shell-header');
    expect(prompt.parentElement?.nextElementSibling?.id).toBe('shell-main');
    expect(getComputedStyle(prompt).position).not.toBe('fixed');
    unmount();
    expect(document.getElementById('geo-prompt-host')).toBeNull();
    document.body.innerHTML = '';
  });

  it('asks again when the visitor shows up from another country than the acknowledged one', () => {
    localStorage.setItem(GEO_ACK_KEY, 'US');
    embed('{"country":"AU","result":"SUCCESS"}');
    render(<GeoPrompt />);
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
  });

  it('offers all regions to a country without its own site', () => {
    embed('{"country":"JP","result":"SUCCESS"}');
    render(<GeoPrompt />);
    expect(screen.getByRole('complementary', { name: 'Change country' })).toHaveTextContent("It looks like you're in Japan.");
    expect(screen.getByRole('link', { name: /View all regions/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Stay on the New Zealand site' })).toBeInTheDocument();
  });

  it.each([
    ['US', 'the United States'],
    ['GB', 'the United Kingdom'],
    ['NL', 'the Netherlands'],
    ['PH', 'the Philippines'],
    ['AE', 'the United Arab Emirates'],
    ['FR', 'France'],
  ])('names %s as it reads in a sentence: "you\'re in %s"', (country, name) => {
    embed(`{"country":"${country}","result":"SUCCESS"}`);
    render(<GeoPrompt />);
    expect(screen.getByRole('complementary', { name: 'Change country' })).toHaveTextContent(`It looks like you're in ${name}.`);
  });

  it.each([
    ['a visitor in New Zealand', '{"country":"NZ","result":"SUCCESS"}'],
    ['NOT_FOUND', '{"country":"NZ","result":"NOT_FOUND"}'],
    ['ERROR', '{"country":"NZ","result":"ERROR"}'],
    ['a garbled script', '{"country":'],
    ['no script', null],
  ])('shows nothing for %s', (_label, json) => {
    embed(json);
    const { container } = render(<GeoPrompt />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('GeoPrompt on the Australian site', () => {
  const AU_SITE = { ...MARKETS.AU, sites: { NZ: 'http://localhost:8080', AU: 'http://au.localhost:8080' } };

  it("offers this deployment's NZ site to a visitor in New Zealand, and staying names the Australian site", () => {
    embed('{"country":"NZ","result":"SUCCESS"}');
    render(
      <MarketProvider market={AU_SITE}>
        <GeoPrompt />
      </MarketProvider>,
    );
    expect(screen.getByRole('complementary', { name: 'Change country' })).toHaveTextContent("It looks like you're in New Zealand. Visit our New Zealand site for local prices and delivery?");
    expect(screen.getByRole('link', { name: /Go to the New Zealand site/ })).toHaveAttribute('href', 'http://localhost:8080');
    expect(screen.getByRole('button', { name: 'Stay on the Australian site' })).toBeInTheDocument();
  });

  it('does not prompt an Australian visitor on the Australian site', () => {
    embed('{"country":"AU","result":"SUCCESS"}');
    render(
      <MarketProvider market={AU_SITE}>
        <GeoPrompt />
      </MarketProvider>,
    );
    expect(screen.queryByRole('complementary', { name: 'Change country' })).toBeNull();
  });

  it('the region selector shows the current market', () => {
    render(
      <MarketProvider market={AU_SITE}>
        <RegionSelector />
      </MarketProvider>,
    );
    expect(screen.getByRole('button', { name: 'AUD: Change region (current: Australia)' })).toHaveTextContent('AUD');
  });
});
