import { messages, productRuleMessages } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeProduct, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { AddProduct } from './add-product';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

function renderPage() {
  renderWithProviders(
    <>
      <AddProduct />
      <Toaster />
    </>,
  );
}

async function fillValidProduct() {
  await userEvent.type(screen.getByLabelText('Product Name'), 'Test Case');
  await userEvent.type(screen.getByLabelText('Available Quantity'), '50');
  await userEvent.type(screen.getByLabelText('Description'), 'A test case.');
  await userEvent.type(screen.getByLabelText('Image URL'), 'https://example.com/case.png');
  await userEvent.type(screen.getByLabelText('Price'), '12.5');
  await userEvent.type(screen.getByLabelText('MinimumQuantity'), '5');
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add Product' }));

describe('AddProduct', () => {
  it("shows the server's field errors under the fields, and no success", async () => {
    stubApi({
      'POST /api/product': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the form',
              fields: { imgURL: 'That image is not reachable', price: 'Price is too high today' },
            },
          },
          400,
        ),
    });
    renderPage();
    await fillValidProduct();
    await submit();
    expect(await screen.findByText('That image is not reachable')).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveAccessibleDescription(
      'That image is not reachable',
    );
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price is too high today');
    expect(screen.queryByText(messages.productAdded)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Test Case');
  });

  it("says 'Successfully Added!' and clears the form when the server sent insertedId", async () => {
    const fetch = stubApi({
      'POST /api/product': (init) => {
        expect(JSON.parse(String(init?.body))).toMatchObject({
          name: 'Test Case',
          aqty: 50,
          price: 12.5,
          minquantity: 5,
          imgURL: 'https://example.com/case.png',
        });
        return json({ insertedId: 'p1', product: makeProduct() });
      },
    });
    renderPage();
    await fillValidProduct();
    await submit();
    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Product Name')).toHaveValue('');
  });

  it('says nothing when the answer has no insertedId', async () => {
    stubApi({ 'POST /api/product': () => json({ product: makeProduct() }) });
    renderPage();
    await fillValidProduct();
    await submit();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled(),
    );
    expect(screen.queryByText(messages.productAdded)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Test Case');
  });

  it('checks the form before sending', async () => {
    const fetch = stubApi({});
    renderPage();
    await userEvent.type(screen.getByLabelText('Price'), '0');
    await submit();
    expect(await screen.findByText('Image URL is required')).toBeInTheDocument();
    expect(screen.getByText('Price must be more than 0')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads a chosen image and puts its address into Image URL', async () => {
    stubApi({ 'POST /api/uploads': () => json({ url: '/uploads/abc.png' }) });
    renderPage();
    const file = new File(['png'], 'case.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Or upload an image'), file);
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Image URL')).toHaveValue('/uploads/abc.png'),
    );
    expect(screen.getByRole('img', { name: 'Uploaded image preview' })).toHaveAttribute(
      'src',
      '/uploads/abc.png',
    );
  });

  it('refuses a file of another type before uploading', async () => {
    const fetch = stubApi({});
    renderPage();
    const file = new File(['gif'], 'case.gif', { type: 'image/gif' });
    await userEvent.upload(screen.getByLabelText('Or upload an image'), file, {
      applyAccept: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG or WebP image.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['Available Quantity', '1e3', 'Available Quantity must be a whole number'],
    ['Available Quantity', '250.5', 'Available Quantity must be a whole number'],
    ['MinimumQuantity', '12abc', 'MinimumQuantity must be a whole number'],
    ['MinimumQuantity', '-3', 'MinimumQuantity cannot be negative'],
    ['Price', '1e3', 'Price must be a number'],
  ])('says %s %s is wrong as it is typed, before any submit', async (label, typed, message) => {
    const fetch = stubApi({});
    renderPage();
    await userEvent.type(screen.getByLabelText(label), typed);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says a pasted count is wrong too, and accepts a decimal price', async () => {
    renderPage();
    await userEvent.click(screen.getByLabelText('Available Quantity'));
    await userEvent.paste('1e3');
    expect(
      await screen.findByText('Available Quantity must be a whole number'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Price'), '250.5');
    expect(screen.getByLabelText('Price')).not.toHaveAttribute('aria-invalid');
  });

  it('clears the chosen file with the other fields after Successfully Added!', async () => {
    stubApi({
      'POST /api/uploads': () => json({ url: '/uploads/abc.png' }),
      'POST /api/product': () => json({ insertedId: 'p1', product: makeProduct() }),
    });
    renderPage();
    await fillValidProduct();
    const file = new File(['png'], 'case.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Or upload an image'), file);
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Image URL')).toHaveValue('/uploads/abc.png'),
    );
    const picker = screen.getByLabelText<HTMLInputElement>('Or upload an image');
    expect(picker.files).toHaveLength(1);
    await submit();
    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLInputElement>('Or upload an image').files).toHaveLength(0);
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Uploaded image preview' })).not.toBeInTheDocument();
  });

  describe('B2B fields', () => {
    async function fillTerms() {
      await userEvent.selectOptions(screen.getByLabelText('Category'), 'Power supplies');
      await userEvent.type(screen.getByLabelText('SKU'), ' PC-850-GM ');
      await userEvent.clear(screen.getByLabelText('Pack size'));
      await userEvent.type(screen.getByLabelText('Pack size'), '5');
      await userEvent.click(screen.getByRole('button', { name: '+ Add spec' }));
      await userEvent.type(screen.getByLabelText('Spec 1 name'), 'Wattage');
      await userEvent.type(screen.getByLabelText('Spec 1 value'), '850 W');
      await userEvent.click(screen.getByRole('button', { name: '+ Add price break' }));
      await userEvent.type(screen.getByLabelText('Break 1 from quantity'), '20');
      await userEvent.type(screen.getByLabelText('Break 1 unit price'), '11.50');
      await userEvent.click(screen.getByRole('button', { name: '+ Add price break' }));
      await userEvent.type(screen.getByLabelText('Break 2 from quantity'), '40');
      await userEvent.type(screen.getByLabelText('Break 2 unit price'), '10');
    }

    it('sends category, SKU, pack size, specs and price breaks as numbers', async () => {
      const fetch = stubApi({
        'POST /api/product': (init) => {
          expect(JSON.parse(String(init?.body))).toMatchObject({
            category: 'power-supplies',
            sku: 'PC-850-GM',
            increment: 5,
            specs: [{ name: 'Wattage', value: '850 W' }],
            priceBreaks: [
              { minQty: 20, price: 11.5 },
              { minQty: 40, price: 10 },
            ],
          });
          return json({ insertedId: 'p1', product: makeProduct() });
        },
      });
      renderPage();
      await fillValidProduct();
      await fillTerms();
      await submit();
      expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
      expect(fetch).toHaveBeenCalledOnce();
      // Cleared for the next product: no rows left, packs of 1 again.
      expect(screen.queryByLabelText('Spec 1 name')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Pack size')).toHaveValue('1');
    });

    it('checks the rules between fields before sending, on the field they concern', async () => {
      const fetch = stubApi({});
      renderPage();
      await fillValidProduct();
      await fillTerms();
      // A second break dearer than the first, and a minimum that is no multiple of the pack.
      await userEvent.clear(screen.getByLabelText('Break 2 unit price'));
      await userEvent.type(screen.getByLabelText('Break 2 unit price'), '12');
      await userEvent.clear(screen.getByLabelText('MinimumQuantity'));
      await userEvent.type(screen.getByLabelText('MinimumQuantity'), '7');
      await submit();
      expect(
        await screen.findByText(productRuleMessages.breakPriceBelowPrevious),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Break 2 unit price')).toHaveAccessibleDescription(
        productRuleMessages.breakPriceBelowPrevious,
      );
      expect(screen.getByLabelText('MinimumQuantity')).toHaveAccessibleDescription(
        productRuleMessages.minimumNotPackMultiple(5),
      );
      expect(fetch).not.toHaveBeenCalled();
    });

    it("shows the server's error on the right row, and a taken SKU under SKU", async () => {
      stubApi({
        'POST /api/product': () =>
          json(
            {
              error: {
                code: 'validation_failed',
                message: 'Check the form',
                fields: {
                  'priceBreaks.1.price': 'The server wants it cheaper',
                  sku: productRuleMessages.skuTaken,
                },
              },
            },
            400,
          ),
      });
      renderPage();
      await fillValidProduct();
      await fillTerms();
      await submit();
      expect(await screen.findByText('The server wants it cheaper')).toBeInTheDocument();
      expect(screen.getByLabelText('Break 2 unit price')).toHaveAccessibleDescription(
        'The server wants it cheaper',
      );
      expect(screen.getByLabelText('Break 1 unit price')).not.toHaveAttribute('aria-invalid');
      expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription(
        productRuleMessages.skuTaken,
      );
    });

    it('removes a row with its own labelled button and keeps the focus in the form', async () => {
      renderPage();
      await userEvent.click(screen.getByRole('button', { name: '+ Add spec' }));
      await userEvent.click(screen.getByRole('button', { name: '+ Add spec' }));
      await userEvent.type(screen.getByLabelText('Spec 2 name'), 'Weight');
      await userEvent.click(screen.getByRole('button', { name: 'Remove spec 1' }));
      expect(screen.getByLabelText('Spec 1 name')).toHaveValue('Weight');
      expect(screen.queryByLabelText('Spec 2 name')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: '+ Add spec' })).toHaveFocus();
    });
  });
});
