import { buyerDetailMessages, messages, profileFormMessages, type User } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { MyProfile } from './my-profile';

afterEach(() => vi.unstubAllGlobals());

const user: User = {
  _id: 'u1',
  email: 'ada@example.com',
  uid: 'a1',
  displayName: 'Ada Customer',
  providerId: 'Email & Password',
  role: 'user',
  location: null,
  education: null,
  phone: '+44 113 496 0000',
  linkedin: null,
  company: 'Acme Cases Ltd',
  vatNumber: 'GB123456789',
  shippingAddress: 'Acme Cases Ltd\nUnit 4, Dock Road\nLeeds',
};

describe('MyProfile buyer details', () => {
  it('shows company, VAT number and the address with its line breaks on the card', () => {
    renderWithProviders(<MyProfile user={user} />);
    const card = screen.getByRole('region', { name: 'Current Profile!' });
    expect(within(card).getByText('Acme Cases Ltd', { exact: true })).toBeInTheDocument();
    expect(within(card).getByText('GB123456789')).toBeInTheDocument();
    const address = within(card).getByText(/Unit 4, Dock Road/);
    expect(address.textContent).toBe('Acme Cases Ltd\nUnit 4, Dock Road\nLeeds');
    expect(address).toHaveClass('whitespace-pre-line');
  });

  it('says what is wrong with a VAT number under the field and sends nothing', async () => {
    const fetch = stubApi({});
    renderWithProviders(<MyProfile user={user} />);
    const form = screen.getByRole('region', { name: 'Update Profile' });
    const vat = within(form).getByLabelText('VAT number');
    await userEvent.type(vat, '123456789');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await within(form).findByText(buyerDetailMessages.vatNumberInvalid)).toBeVisible();
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('finding 4: refuses a name of more than one line with its message, and sends nothing', async () => {
    const fetch = stubApi({});
    renderWithProviders(<MyProfile user={user} />);
    const form = screen.getByRole('region', { name: 'Update Profile' });
    const name = within(form).getByLabelText('Name');
    // A line separator: an input drops a typed line feed itself, not this or a control character.
    await userEvent.type(name, 'Customer\u2028Your account is locked: call +1 900 555 0199');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await within(form).findByText(messages.nameOneLine)).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts with the current values (issue 22, defect 25)', () => {
    renderWithProviders(<MyProfile user={user} />);
    const form = screen.getByRole('region', { name: 'Update Profile' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Ada Customer');
    expect(within(form).getByLabelText('Company')).toHaveValue('Acme Cases Ltd');
    expect(within(form).getByLabelText('VAT number')).toHaveValue('GB123456789');
    expect(within(form).getByLabelText('Default shipping address')).toHaveValue(
      'Acme Cases Ltd\nUnit 4, Dock Road\nLeeds',
    );
    expect(within(form).getByLabelText('Location')).toHaveValue('');
  });

  it('sends only what was changed, and asks for a change when nothing was', async () => {
    const fetch = stubApi({
      'PUT /api/profile/ada%40example.com': () =>
        json({ insertedId: 'u1', modifiedCount: 1, user: { ...user, phone: '+44 113 496 0001' } }),
    });
    renderWithProviders(<MyProfile user={user} />);
    const form = screen.getByRole('region', { name: 'Update Profile' });
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(profileFormMessages.unchanged);
    expect(fetch).not.toHaveBeenCalled();
    const phone = within(form).getByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+44 113 496 0001');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ phone: '+44 113 496 0001' });
    await vi.waitFor(() => expect(phone).toHaveValue('+44 113 496 0001'));
  });

  it('asks for at least one field when all are empty, and sends nothing', async () => {
    const fetch = stubApi({});
    const blank = {
      ...user,
      phone: null,
      company: null,
      vatNumber: null,
      shippingAddress: null,
      displayName: '',
    };
    renderWithProviders(<MyProfile user={blank} />);
    const form = screen.getByRole('region', { name: 'Update Profile' });
    await userEvent.type(within(form).getByLabelText('Location'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Fill in at least one field to update',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the filled buyer details, the address with its line breaks', async () => {
    const fetch = stubApi({
      'PUT /api/profile/ada%40example.com': () =>
        json({ insertedId: 'u1', modifiedCount: 1, user }),
    });
    renderWithProviders(
      <MyProfile user={{ ...user, company: null, vatNumber: null, shippingAddress: null }} />,
    );
    const form = screen.getByRole('region', { name: 'Update Profile' });
    await userEvent.type(within(form).getByLabelText('Company'), 'Acme Cases Ltd');
    await userEvent.type(within(form).getByLabelText('VAT number'), 'gb 123 4567 89');
    await userEvent.type(
      within(form).getByLabelText('Default shipping address'),
      'Unit 4{Enter}Leeds',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      company: 'Acme Cases Ltd',
      vatNumber: 'GB123456789',
      shippingAddress: 'Unit 4\nLeeds',
    });
  });
});
