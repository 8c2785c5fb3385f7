import { GUEST_LOYALTY_KEY } from '@store/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ContactStep } from './ContactStep';
import { getCheckout, setCheckout } from '../../../lib/checkout/state';
import { validateLoyalty } from '../../../lib/checkout/validate';

describe('Qantas membership at checkout, and the guest loyalty info kept for the account', () => {
  it('is optional, but a number needs the last name and 6 to 12 digits', () => {
    expect(validateLoyalty('', '')).toEqual({});
    expect(validateLoyalty('1234 5678', 'Ngata')).toEqual({});
    expect(validateLoyalty('12345', 'Ngata').memberId).toBe('A Qantas Frequent Flyer number has 6 to 12 digits.');
    expect(validateLoyalty('12345678', '').lastName).toBe('Enter the last name on your membership.');
    expect(validateLoyalty('', 'Ngata').memberId).toMatch(/Enter your Qantas Frequent Flyer number/);
  });

  it("keeps a guest's membership for the order and locally, for linking after sign-in", async () => {
    localStorage.clear();
    setCheckout({ contact: null, loyalty: null });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/checkout/contact-info']}>
        <Routes>
          <Route path="/checkout/contact-info" element={<ContactStep />} />
          <Route path="/checkout/shipping" element={<p>Shipping step</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText('Email'), 'aroha@example.co.nz');
    await user.type(screen.getByLabelText('First name'), 'Aroha');
    await user.type(screen.getByLabelText('Last name'), 'Ngata');
    await user.type(screen.getByLabelText('Phone'), '021 555 0101');
    await user.type(screen.getByLabelText(/Membership number/), '1234567');
    await user.click(screen.getByRole('button', { name: 'Continue to delivery' }));
    // the last name is missing: the form stays, focus on the first invalid field
    expect(screen.queryByText('Shipping step')).toBeNull();
    expect(await screen.findByText('Enter the last name on your membership.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Member last name/), 'Ngata');
    await user.click(screen.getByRole('button', { name: 'Continue to delivery' }));
    expect(await screen.findByText('Shipping step')).toBeInTheDocument();
    expect(getCheckout().loyalty).toEqual({ memberId: '1234567', lastName: 'Ngata' });
    expect(JSON.parse(localStorage.getItem(GUEST_LOYALTY_KEY)!)).toMatchObject({ memberId: '1234567', lastName: 'Ngata', createdAt: expect.any(String) });
  });
});
