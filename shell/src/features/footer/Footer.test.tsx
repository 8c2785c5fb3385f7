import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MARKETS } from '@store/contracts/market';
import { MarketProvider } from '@store/ui/market';
import { countrySettings, footerGroups, instagramUrl, siteSettings } from '../../lib/config/site';
import { Footer, policyLinks } from './Footer';
import SubscribeForm, { SUBSCRIBE_ERROR_MESSAGE, SUBSCRIBE_SUCCESS_MESSAGE, subscribeErrors, TOUCH_DELAY_MS } from './SubscribeForm';

const renderForm = () =>
  render(
    <MemoryRouter>
      <section aria-labelledby="footer-subscribe">
        <h2 id="footer-subscribe">Letters</h2>
        <SubscribeForm />
      </section>
    </MemoryRouter>,
  );

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('country settings and policy links', () => {
  it('uses per-country customer-service settings (au, nz, others)', () => {
    expect(policyLinks(countrySettings('NZ')).map((l) => [l.label, l.href])).toEqual([
      ['Shipping', '/articles/shipping'],
      ['Warranty', '/articles/warranty'],
      ['Returns', '/articles/returns'],
    ]);
    expect(policyLinks(countrySettings('AU'))[0]!.href).toBe('/articles/shipping-australia');
    expect(policyLinks(countrySettings('US'))[2]!.href).toBe('https://www.fernleaf.com/help/international-returns');
  });
  it('links a different Instagram account for NZ', () => {
    expect(instagramUrl('NZ')).toBe('https://www.instagram.com/fernleaf.nz');
    expect(instagramUrl('AU')).toBe('https://www.instagram.com/fernleaf');
  });
});

describe('Footer', () => {
  it('renders at once (it is server-rendered too), with policies, groups, social, help, payments, copyright and region', async () => {
    const { container } = render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(container.querySelector('h2')).not.toBeNull();
    const policies = await screen.findByRole('region', { name: 'Policies' });
    expect(within(policies).getAllByRole('link').map((a) => a.textContent)).toEqual(['Shipping', 'Warranty', 'Returns']);
    expect(screen.getByRole('region', { name: 'Customer care' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/fernleaf.nz');
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Facebook/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'help centre' })).toHaveAttribute('href', '/articles/help-centre');
    const payments = screen.getByRole('list', { name: 'Accepted payment methods' });
    expect(within(payments).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['American Express', 'Afterpay', 'Mastercard', 'Visa', 'PayPal', 'Apple Pay']);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Fernleaf Limited`))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Change region/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});

describe('Footer on the Australian site', () => {
  it("links the AU site's own help centre, policies, terms of use, privacy policy and Instagram", async () => {
    const links = footerGroups(siteSettings(MARKETS.AU)).flatMap((g) => g.links);
    expect(Object.fromEntries(links.map((l) => [l.label, l.href]))).toMatchObject({
      'Help centre': '/articles/help-centre-australia',
      'Terms of use': '/articles/terms-of-use-australia',
      'Privacy policy': '/articles/privacy-policy-australia',
    });
    // the NZ site's stay as they were
    const nz = Object.fromEntries(footerGroups(siteSettings(MARKETS.NZ)).flatMap((g) => g.links).map((l) => [l.label, l.href]));
    expect([nz['Help centre'], nz['Terms of use'], nz['Privacy policy']]).toEqual(['/articles/help-centre', '/articles/terms-of-use', '/articles/privacy-policy']);

    render(
      <MarketProvider market={MARKETS.AU}>
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </MarketProvider>,
    );
    const policies = await screen.findByRole('region', { name: 'Policies' });
    expect(within(policies).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/articles/shipping-australia', '/articles/warranty-australia', '/articles/returns-australia']);
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/articles/terms-of-use-australia');
    expect(screen.getByRole('link', { name: 'help centre' })).toHaveAttribute('href', '/articles/help-centre-australia');
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/fernleaf');
  });
});

describe('SubscribeForm', () => {
  afterEach(() => jest.restoreAllMocks());

  it('checks the e-mail before the policy checkbox, with the exact messages', () => {
    expect(subscribeErrors('', false)).toEqual({ email: 'Enter your email address.', policy: 'Accept the privacy policy to subscribe.' });
    expect(subscribeErrors('kiri@', true).email).toBe('Enter a valid email address.');
    expect(subscribeErrors('kiri@example.co.nz', true)).toEqual({ email: null, policy: null });
    // at most 250 characters
    expect(subscribeErrors(`${'k'.repeat(239)}@example.nz`, true).email).toBeNull();
    expect(subscribeErrors(`${'k'.repeat(240)}@example.nz`, true).email).toBe('Enter a valid email address.');
  });

  it('a submit touches every field and focuses the first invalid one: the e-mail, then the checkbox', async () => {
    const user = userEvent.setup();
    global.fetch = jest.fn() as unknown as typeof fetch;
    renderForm();
    expect(screen.queryByText('Enter your email address.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Accept the privacy policy to subscribe.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('maxlength', '250');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Enter your email address.');

    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'kiri@example');
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), '.co.nz');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.queryByText(/valid email/)).toBeNull();
    expect(screen.getByRole('checkbox')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows an error only once the field is touched: on blur, or 300 ms after typing stops', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'kiri');
    act(() => jest.advanceTimersByTime(TOUCH_DELAY_MS - 50));
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    act(() => jest.advanceTimersByTime(60));
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    jest.useRealTimers();
  });

  it('posts the subscription: processing (disabled, spinner) then unavailable with a confirmation', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    global.fetch = jest.fn(() => answer.promise) as unknown as typeof fetch;
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'Kiri@Example.co.nz');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const form = screen.getByRole('button', { name: 'Subscribing…' }).closest('form')!;
    expect(form).toHaveAttribute('data-button-state', 'processing');
    expect(screen.getByRole('button', { name: 'Subscribing…' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
    expect(screen.getByTestId('subscribe-spinner')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/klaviyo/subscribe', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'Kiri@Example.co.nz', acceptPolicy: true, source: 'footer' }) }));
    await act(async () => answer.resolve(new Response(JSON.stringify({ status: 'SUBSCRIBED' }), { status: 201 })));
    expect(screen.getByText(SUBSCRIBE_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(form).toHaveAttribute('data-button-state', 'unavailable');
    expect(screen.getByRole('button', { name: 'Subscribed' })).toBeDisabled();
  });

  it('shows the error message on any failure and lets the shopper try again', async () => {
    const user = userEvent.setup();
    global.fetch = jest.fn(async () => new Response(null, { status: 500 })) as unknown as typeof fetch;
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'kiri@example.co.nz');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIBE_ERROR_MESSAGE);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled());
    global.fetch = jest.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIBE_ERROR_MESSAGE);
  });
});
