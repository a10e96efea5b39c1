import { b2bMessages, cartMessages, MAX_ORDER_LINES, messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { addToOrderList } from '../order-list-actions';
import { getOrderList } from '../order-list-store';
import { AddToOrderList } from './add-to-order-list';

const product = makeProduct({ _id: 'p1', minquantity: 50, increment: 10, aqty: 200 });
const label = `Quantity of ${product.name}`;
const button = () => screen.getByRole('button', { name: `Add to order list: ${product.name}` });

beforeEach(() => localStorage.clear());

function renderCard() {
  return renderWithProviders(
    <>
      <AddToOrderList product={product} />
      <Toaster />
    </>,
  );
}

async function setQuantity(value: string) {
  await userEvent.clear(screen.getByLabelText(label));
  if (value) await userEvent.type(screen.getByLabelText(label), value);
}

describe('AddToOrderList', () => {
  it('starts at the minimum and steps by the pack size within the stock', async () => {
    renderCard();
    const quantity = screen.getByLabelText(label);
    expect(quantity).toHaveValue('50');
    expect(quantity).toHaveAttribute('inputmode', 'numeric');
    expect(button()).toHaveTextContent(cartMessages.addToList);
    await userEvent.click(quantity);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(quantity).toHaveValue('70');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(quantity).toHaveValue('50');
    await setQuantity('195');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(quantity).toHaveValue('200');
  });

  it('ux 2026-11-28 #18: takes a quantity typed with a thousands separator', async () => {
    const big = makeProduct({ _id: 'p2', minquantity: 100, increment: 20, aqty: 3000 });
    renderWithProviders(<AddToOrderList product={big} />);
    const quantity = screen.getByLabelText(`Quantity of ${big.name}`);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1,000');
    await userEvent.click(screen.getByRole('button', { name: `Add to order list: ${big.name}` }));
    expect(getOrderList()).toMatchObject([{ productId: 'p2', quantity: 1000 }]);
  });

  it("says what breaks the product's rules as it is typed and adds nothing meanwhile", async () => {
    renderCard();
    for (const [typed, message] of [
      ['40', messages.orderMinimum(50)],
      ['55', b2bMessages.notPackMultiple(10, [50, 60])],
      ['0', messages.orderMinimum(50)],
      ['210', messages.orderMaximum(200)],
    ] as const) {
      await setQuantity(typed);
      const error = screen.getByText(message);
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-describedby', error.id);
      expect(button()).toBeDisabled();
    }
    expect(getOrderList()).toEqual([]);
  });

  it('adds the quantity, says so, and raises it when added again', async () => {
    renderCard();
    await setQuantity('60');
    await userEvent.click(button());
    expect(await screen.findByText(cartMessages.added)).toBeInTheDocument();
    expect(getOrderList()).toEqual([{ productId: 'p1', quantity: 60, name: product.name }]);

    await setQuantity('50');
    await userEvent.click(button());
    expect(await screen.findByText(cartMessages.addedMore(110))).toBeInTheDocument();
    expect(getOrderList()[0]?.quantity).toBe(110);
  });

  it('refuses more than the stock together with what is listed', async () => {
    addToOrderList(product, 180);
    renderCard();
    await setQuantity('50');
    await userEvent.click(button());
    expect(screen.getByText(cartMessages.moreThanStock(180, 200))).toBeInTheDocument();
    expect(getOrderList()[0]?.quantity).toBe(180);
  });

  it(`refuses a new product once the list has ${MAX_ORDER_LINES}`, async () => {
    for (let n = 0; n < MAX_ORDER_LINES; n += 1) addToOrderList({ _id: `x${n}`, name: 'X' }, 1);
    renderCard();
    await userEvent.click(button());
    expect(screen.getByText(cartMessages.listFull(MAX_ORDER_LINES))).toBeInTheDocument();
  });
});
