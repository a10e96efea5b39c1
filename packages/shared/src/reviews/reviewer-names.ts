import unhomoglyph from 'unhomoglyph';

/*
 * Whether a reviewer's shown name passes for the shop speaking (security report 2026-11-26,
 * finding 9). Compared after folding every way a name can look like another: compatibility forms
 * (NFKC: 'ＣａｓｅＦｏｒｇｅ' is 'CaseForge'), accents and invisible characters removed, digits and
 * signs read as the letters they resemble ('CaseF0rge', 'Adm1n', 'Supp0rt'), then Unicode's
 * confusables (UTS #39 skeletons, through `unhomoglyph`, which maps confusables.txt: a Cyrillic
 * 'С' is a Latin 'C', 'rn' and 'm' are one). Both the name and the reserved words are folded the
 * same way, so they match exactly when they look alike.
 *
 * Kept out of the web app's home page: `unhomoglyph` carries the whole confusables table (about
 * 100 KB). Only the server imports this module; the shared package is free of side effects, so
 * the web build drops it.
 */

/** Words a customer's shown name may not hold, since the review would read as the shop's own. */
const RESERVED_NAME_WORDS = [
  'admin',
  'administrator',
  'official',
  'staff',
  'moderator',
  'support',
  'shop',
  'store',
  'owner',
];

/** Digits and signs read as letters ('0' is 'o', '1' is 'l' or 'i', '5' is 's', '@' is 'a'). */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '2': 'z',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'b',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'l',
  '|': 'l',
};

/**
 * The form two names share when they look alike. Not for showing: like a UTS #39 skeleton it
 * is a hodgepodge ('admin' becomes 'adrnln').
 */
export function nameSkeleton(name: string, { signsAsLetters = true } = {}): string {
  const plain = name
    .normalize('NFKC')
    .normalize('NFD')
    // Accents and other marks, and invisible characters (zero-width spaces and joiners).
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .replace(/[0-9]/g, (digit) => LOOKALIKES[digit] ?? digit)
    // A sign may stand for a letter ('@dmin') or end a word ('Admin!'): both are read.
    .replace(/[@$!|]/g, (sign) => (signsAsLetters ? (LOOKALIKES[sign] ?? sign) : ' '));
  // Confusables first as written (a Greek capital Μ is an M), then again in lower case (a
  // Cyrillic а is an a): the table maps each case of a letter to what it looks like.
  return (
    unhomoglyph(unhomoglyph(plain).toLowerCase())
      .toLowerCase()
      // 'I', 'l', '1' and 'i' are one letter to a reader.
      .replace(/i/g, 'l')
  );
}

const reservedSkeletons = new Set(RESERVED_NAME_WORDS.map((word) => nameSkeleton(word)));

/**
 * Words of a shop's staff and departments: not the shop on their own ('Grace', 'Sales' may be a
 * name), but a name made of two or more of them, or of one and a reserved word, reads as the shop
 * speaking: 'AdminTeam', 'ShopManager', 'Supportteam', 'Customer Service', 'Moderation Team'
 * (security report 2026-11-28, finding 12).
 */
const ROLE_WORDS = [
  'team',
  'teams',
  'manager',
  'managers',
  'management',
  'service',
  'services',
  'customer',
  'customers',
  'care',
  'help',
  'helpdesk',
  'desk',
  'center',
  'centre',
  'crew',
  'department',
  'office',
  'sales',
  'billing',
  'security',
  'account',
  'accounts',
  'moderation',
  'moderators',
  'administration',
  'verified',
  'notifications',
  'reviews',
];

const vocabulary = new Set([
  ...reservedSkeletons,
  ...RESERVED_NAME_WORDS.map((word) => nameSkeleton(`${word}s`)),
  ...ROLE_WORDS.map((word) => nameSkeleton(word)),
]);
const longestWord = Math.max(...[...vocabulary].map((word) => word.length));

/**
 * Whether `letters` is made entirely of staff words (reserved or role words), at least `min` of
 * them: 'adminteam' (2), 'customerservice' (2); never 'stafford', 'bishop', 'shopwell', whose
 * rest is no such word.
 */
function madeOfStaffWords(letters: string, min: number): boolean {
  // parts[i]: the most staff words `letters.slice(0, i)` splits into, or -1 when it does not.
  const parts = new Array<number>(letters.length + 1).fill(-1);
  parts[0] = 0;
  for (let end = 1; end <= letters.length; end += 1) {
    for (let start = Math.max(0, end - longestWord); start < end; start += 1) {
      const before = parts[start] ?? -1;
      if (before >= 0 && vocabulary.has(letters.slice(start, end))) {
        parts[end] = Math.max(parts[end] ?? -1, before + 1);
      }
    }
  }
  return (parts[letters.length] ?? -1) >= min;
}

/**
 * The ways a name is read: signs as the letters they resemble or as spaces, digits as letters or
 * as spaces ('Admin2' is 'Admin 2' to a reader, 'Adm1n' is 'Admin').
 */
const READINGS = [
  { signsAsLetters: true, digitsAsLetters: true },
  { signsAsLetters: false, digitsAsLetters: true },
  { signsAsLetters: false, digitsAsLetters: false },
] as const;

/**
 * Letters that sound alike in the shop's name ('Kase Forge', 'Casephorge'): a reader hears the
 * same name.
 */
const soundFold = (skeleton: string) => skeleton.replace(/ph/g, 'f').replace(/[kq]/g, 'c');

/**
 * Whether a name would pass for the shop speaking ('CaseForge Official', 'Case-Forge', 'Admin',
 * 'СaseForge Team' with a Cyrillic С, 'CaseF0rge', 'Adm1n', 'Admins', 'The Shop', 'Kase Forge',
 * 'AdminTeam', 'ShopManager', 'Supportteam', 'Customer Service'): the shop's name anywhere, however
 * spaced, punctuated, spelt with look-alikes or sound-alikes; a reserved word (or its plural) as a
 * word, where a capital inside a word starts a new one ('JohnAdmin'); or words of staff and
 * departments run together ('AdminTeam', 'Moderation Team'). A reserved word inside an ordinary
 * word is not one ('Stafford', 'Staffan', 'Bishop', 'Storey', 'Shopwell', 'Adminah').
 */
export function impersonatesShop(name: string, shopName = 'CaseForge'): boolean {
  const shop = soundFold(nameSkeleton(shopName).replace(/[^\p{L}\p{N}]/gu, ''));
  // A capital after a small letter starts a word, as a reader sees 'AdminTeam'.
  const spaced = name.normalize('NFKC').replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  return READINGS.some(({ signsAsLetters, digitsAsLetters }) => {
    const read = digitsAsLetters ? spaced : spaced.replace(/[0-9]/g, ' ');
    const skeleton = nameSkeleton(read, { signsAsLetters });
    if (soundFold(skeleton.replace(/[^\p{L}\p{N}]/gu, '')).includes(shop)) return true;
    const words = skeleton.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (
      words.some(
        (word) =>
          reservedSkeletons.has(word) ||
          (word.endsWith('s') && reservedSkeletons.has(word.slice(0, -1))),
      )
    ) {
      return true;
    }
    // Words run together, in one word or over several: 'Supportteam', 'Customer Service'.
    for (let first = 0; first < words.length; first += 1) {
      let letters = '';
      for (let last = first; last < words.length; last += 1) {
        letters += words[last];
        if (madeOfStaffWords(letters, 2)) return true;
      }
    }
    return false;
  });
}
