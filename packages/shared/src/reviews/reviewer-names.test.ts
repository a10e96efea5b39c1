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
