import { checkoutHelpMessages, MAX_ORDER_LINES, type OrderListLine } from '@shop/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/api-mock';
import { getOrderList, writeOrderList } from './order-list-store';
import { planPutBack, putBack } from './put-back';

const cases = makeProduct({ _id: 'p1', name: 'Case', minquantity: 50, increment: 10, aqty: 1200 });
const psu = makeProduct({ _id: 'p2', name: 'PSU', minquantity: 20, aqty: 300 });

describe('putting a cancelled order back into the order list', () => {
  beforeEach(() => localStorage.clear());

  it('puts every line back that the catalog allows today, and says why not the others', () => {
    const lines = [
      { productId: 'p1', productName: 'Case', quantity: 200 },
      { productId: 'p2', productName: 'PSU', quantity: 400 },
      { productId: 'gone', productName: 'Old fan', quantity: 5 },
      { productId: null, productName: 'Deleted PSU', quantity: 5 },
    ];
    expect(putBack(lines, [cases, psu])).toEqual({
      added: 1,
      skipped: [
        { name: 'PSU', why: 'Please order maximum 300' },
        { name: 'Old fan', why: checkoutHelpMessages.noLongerSold },
        { name: 'Deleted PSU', why: checkoutHelpMessages.noLongerSold },
      ],
    });
    expect(getOrderList()).toEqual([{ productId: 'p1', quantity: 200, name: 'Case' }]);
  });

  it('adds to a listed product within its rules, and refuses what would pass the stock', () => {
    writeOrderList([{ productId: 'p1', quantity: 1100, name: 'Case' }]);
    const plan = planPutBack(
      [{ productId: 'p1', productName: 'Case', quantity: 200 }],
      [cases],
      getOrderList(),
    );
    expect(plan.add).toEqual([]);
    expect(plan.skipped).toEqual([{ name: 'Case', why: 'Please order maximum 1200' }]);
    expect(putBack([{ productId: 'p1', productName: 'Case', quantity: 100 }], [cases])).toEqual({
      added: 1,
      skipped: [],
    });
    expect(getOrderList()).toEqual([{ productId: 'p1', quantity: 1200, name: 'Case' }]);
  });

  it('takes no new product into a full list', () => {
    const full: OrderListLine[] = Array.from({ length: MAX_ORDER_LINES }, (_, i) => ({
      productId: `x${i}`,
      quantity: 1,
      name: `X${i}`,
    }));
    const plan = planPutBack([{ productId: 'p2', productName: 'PSU', quantity: 20 }], [psu], full);
    expect(plan.skipped).toEqual([{ name: 'PSU', why: checkoutHelpMessages.listFull }]);
  });
});
