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
 * Whether a name would pass for the shop speaking ('CaseForge Official', 'Case-Forge', 'Admin',
 * 'СaseForge Team' with a Cyrillic С, 'CaseF0rge', 'Adm1n', 'Admins', 'The Shop'): the shop's
 * name anywhere, however spaced, punctuated or spelt with look-alikes, or a reserved word (or its
 * plural) as a word.
 */
export function impersonatesShop(name: string, shopName = 'CaseForge'): boolean {
  const shop = nameSkeleton(shopName).replace(/[^\p{L}\p{N}]/gu, '');
  return [true, false].some((signsAsLetters) => {
    const skeleton = nameSkeleton(name, { signsAsLetters });
    if (skeleton.replace(/[^\p{L}\p{N}]/gu, '').includes(shop)) return true;
    return skeleton
      .split(/[^\p{L}\p{N}]+/u)
      .some(
        (word) =>
          reservedSkeletons.has(word) ||
          (word.endsWith('s') && reservedSkeletons.has(word.slice(0, -1))),
      );
  });
}
