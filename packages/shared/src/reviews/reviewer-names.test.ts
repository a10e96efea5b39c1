import { describe, expect, it } from 'vitest';
import { impersonatesShop, nameSkeleton } from './reviewer-names.js';

describe('finding 9: a reviewer name that passes for the shop', () => {
  it.each([
    // The report's bypasses: homoglyphs, compatibility forms, digits, plurals, other words.
    'СaseForge Team', // Cyrillic С
    'ＣａｓｅＦｏｒｇｅ', // fullwidth
    'CaseF0rge',
    'Adm1n',
    'Admins',
    'Supp0rt',
    'Shop Owner',
    'The Shop',
    // What the old check already refused, still refused.
    'CaseForge Official',
    'Case-Forge',
    'Case\u200bForge',
    'C4seForge Official Team',
    'Admin',
    // More spellings of the same.
    'Саsеfоrgе', // Cyrillic а, е, о
    'ΑDΜΙΝ', // Greek capitals
    'Ádmín',
    'Ad\u200dmin',
    '@dmin',
    'Admin!',
    'Case Forge Support Staff',
    'c a s e f o r g e',
    'CASEF0RGE',
    'Moderators',
    'Official Store',
    'Caseforgeofficial',
  ])('refuses %j', (name) => {
    expect(impersonatesShop(name)).toBe(true);
  });

  it.each([
    'Anna Case',
    'Ada Lovelace',
    'Forge Metals Ltd',
    'Daniel "Dan" Okafor',
    'Mei Lin',
    'Tom Smith',
    'Анна Каренина',
    'Дмитрий Иванов',
    'Σωκράτης Παπαδόπουλος',
    'Ελένη',
    '王小明',
    '山田 太郎',
    '김민준',
    'José Álvarez',
    'Case Manufacturing GmbH',
    'Shopwell Ltd',
    'R2 Systems',
  ])('lets %j through', (name) => {
    expect(impersonatesShop(name)).toBe(false);
  });

  it('folds look-alikes to one skeleton', () => {
    expect(nameSkeleton('СaseF0rge')).toBe(nameSkeleton('caseforge'));
    expect(nameSkeleton('Adm1n')).toBe(nameSkeleton('admin'));
    expect(nameSkeleton('ＳＵＰＰＯＲＴ')).toBe(nameSkeleton('support'));
  });
});

describe('security 2026-11-28 #12: reserved words inside a word, staff words run together', () => {
  it.each([
    // The report's names, published before.
    'AdminTeam',
    'ShopManager',
    'Supportteam',
    'CustomerService',
    'Moderation Team',
    'Kase Forge',
    // More of the same.
    'Customer Service',
    'Teamadmin',
    'Support-Team',
    'SUPPORTTEAM',
    'Supp0rtTeam',
    'StoreManagers',
    'JohnAdmin',
    'Admin2',
    'Sales Team',
    'Help Desk',
    'Casephorge',
    'KaseForge Care',
  ])('refuses %j', (name) => {
    expect(impersonatesShop(name)).toBe(true);
  });

  // Real names that hold a reserved word inside a word, or a staff word on its own: they pass.
  it.each([
    'Stafford Cripps',
    'Staffan Lindqvist',
    'Adminah Yusuf',
    'Desmond Bishop',
    'Ellen Storey',
    'Ivan Shopov',
    'Shopwell Ltd',
    'Caren Billings',
    'Grace Team',
    'Ivy Sales',
    'Kasey Forgeron',
    'Officer Dibble',
    'McDonald Supplies',
    'Casey Forbes',
    'Mohammed Al-Rashid',
    'Anna-Lena Müller',
  ])('lets %j through', (name) => {
    expect(impersonatesShop(name)).toBe(false);
  });
});
