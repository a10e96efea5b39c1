import { adminCsvColumns, csvTime, orderLinesSummary, type Order } from '@shop/shared';
import { csvColumns } from '../../lib/csv';

/** Manage Order's export: one row per order, its lines in one cell, amounts in dollars. */
export const orderCsvColumns = csvColumns<Order, keyof typeof adminCsvColumns.orders>(
  adminCsvColumns.orders,
  {
    id: (order) => order._id,
    placed: (order) => csvTime(order.placedAt),
    paid: (order) => csvTime(order.paidAt),
    shipped: (order) => csvTime(order.shippedAt),
    customer: (order) => order.userName,
    email: (order) => order.userEmail,
    phone: (order) => order.phone,
    address: (order) => order.address,
    poNumber: (order) => order.poNumber,
    products: (order) => orderLinesSummary(order.lines),
    quantity: (order) => order.orderQty,
    price: (order) => order.orderPrice,
    paymentStatus: (order) => order.paymentStatus,
    orderStatus: (order) => order.orderStatus,
    transactionId: (order) => order.trxId,
    carrier: (order) => order.shipment?.carrier,
    trackingNumber: (order) => order.shipment?.trackingNumber,
  },
);
