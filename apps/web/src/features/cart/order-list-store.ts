import { isOrderListLine, ORDER_LIST_STORAGE_KEY, type OrderListLine } from '@shop/shared';
import { useSyncExternalStore } from 'react';

/*
 * The order list lives in localStorage, so it survives reloads and signing in (LogOut clears it),
 * and is the same in every tab (the storage event tells the others). Only product ids, quantities and
 * names are kept: prices and stock are always read from the API again. This module is in the
 * home page's bundle (the navigation shows the count), so it holds no schema library: adding
 * and editing, with their limits, are in order-list-actions.ts.
 */

const EMPTY: readonly OrderListLine[] = Object.freeze([]);
const listeners = new Set<() => void>();

/** The parsed list of the raw text last read, so an unchanged list is the same array. */
let cache: { raw: string | null; lines: readonly OrderListLine[] } = { raw: null, lines: EMPTY };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off (a privacy setting): the list lives as long as the page.
    return null;
  }
}

let memory: string | null = null;
/** The text this tab last stored, to tell its own changes from other tabs' (storage events). */
let ownRaw: string | undefined;

function readRaw(): string | null {
  const store = storage();
  if (!store) return memory;
  try {
    return store.getItem(ORDER_LIST_STORAGE_KEY);
  } catch {
    return memory;
  }
}

/**
 * What is stored, each line checked on its own: a corrupt or foreign entry (hand-edited, an old
 * shape, another app on the origin) is dropped instead of emptying or breaking the list, and a
 * product listed twice keeps its first line.
 */
export function parseOrderList(raw: string | null): readonly OrderListLine[] {
  if (!raw) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(value)) return EMPTY;
  const seen = new Set<string>();
  const lines: OrderListLine[] = [];
  for (const entry of value) {
    if (!isOrderListLine(entry) || seen.has(entry.productId)) continue;
    seen.add(entry.productId);
    const { productId, quantity, name } = entry;
    lines.push({ productId, quantity, name });
  }
  return lines;
}

/** The order list now (the same array while it has not changed). */
export function getOrderList(): readonly OrderListLine[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, lines: parseOrderList(raw) };
  return cache.lines;
}

/**
 * Whether the list as stored now is this tab's own last write, not another tab's: the signed-in
 * sync saves only its own tab's changes (the tab that made a change saves it; a tab logging out
 * empties the list after stopping its sync, and no other tab saves that).
 */
export function changedInThisTab(): boolean {
  return (readRaw() ?? '[]') === ownRaw;
}

/** Replaces the stored list and tells every subscriber of this tab. */
export function writeOrderList(lines: readonly OrderListLine[]): void {
  const raw = JSON.stringify(lines);
  memory = raw;
  ownRaw = raw;
  const store = storage();
  try {
    if (lines.length === 0) store?.removeItem(ORDER_LIST_STORAGE_KEY);
    else store?.setItem(ORDER_LIST_STORAGE_KEY, raw);
  } catch {
    // Full or refused: the list still holds in memory for this page.
  }
  listeners.forEach((listener) => listener());
}

function onStorage(event: StorageEvent): void {
  // null: another tab cleared all of localStorage.
  if (event.key === ORDER_LIST_STORAGE_KEY || event.key === null) {
    listeners.forEach((listener) => listener());
  }
}

export function subscribeOrderList(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * Forgets the whole list, in this tab and (through the storage event) the others. LogOut calls
 * it: the list is kept across sign-in for the buyer, but on a shared computer the next person
 * must not find it (security report 2026-11-26, finding 14).
 */
export function clearOrderList(): void {
  writeOrderList([]);
}

/** Removes the given products (one removed by the buyer, or those just ordered). */
export function removeFromOrderList(productIds: readonly string[]): void {
  const drop = new Set(productIds);
  const lines = getOrderList();
  const kept = lines.filter((line) => !drop.has(line.productId));
  if (kept.length !== lines.length) writeOrderList(kept);
}

/** The order list, kept up to date with this tab's changes and other tabs'. */
export function useOrderList(): readonly OrderListLine[] {
  return useSyncExternalStore(subscribeOrderList, getOrderList, () => EMPTY);
}

/** The quantity of a product in the order list, 0 when it is not there. */
export function quantityInOrderList(lines: readonly OrderListLine[], productId: string): number {
  return lines.find((line) => line.productId === productId)?.quantity ?? 0;
}
