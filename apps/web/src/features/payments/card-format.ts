/**
 * The card form's fields formatted as they are typed or pasted: the number in groups of four,
 * the expiry as MM/YY, the security code as digits. What the person typed wrongly beyond that
 * (a month 13, too few digits) is left for the card schema to say.
 */

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The longest card number (19 digits) in groups of four: '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(text: string): string {
  return (
    digitsOf(text)
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/**
 * MM/YY as typed: '1229' → '12/29', '12/29' stays, '1/29' → '01/29' (the slash ends the month),
 * '4' → '04' (no month starts with 4), '12/2029' → '12/29'. The slash is added once the year
 * begins, so deleting back over it is never undone by the formatting.
 */
export function formatExpiry(text: string): string {
  const compact = text.replace(/\s/g, '');
  const slash = compact.indexOf('/');
  let month: string;
  let year: string;
  if (slash >= 0) {
    month = digitsOf(compact.slice(0, slash)).slice(0, 2);
    year = digitsOf(compact.slice(slash + 1));
    if (month.length === 1) month = `0${month}`;
  } else {
    const digits = digitsOf(compact);
    const monthLength = digits.length > 0 && digits[0] !== '0' && digits[0] !== '1' ? 1 : 2;
    month = digits.slice(0, monthLength);
    if (monthLength === 1) month = `0${month}`;
    year = digits.slice(monthLength);
  }
  // A four-digit year (pasted '12/2029') keeps its last two digits; otherwise extra digits go.
  year = year.length === 4 && year.startsWith('20') ? year.slice(2) : year.slice(0, 2);
  if (month === '') return '';
  return year !== '' || slash >= 0 ? `${month}/${year}` : month;
}

/** The security code: three or four digits, nothing else. */
export function formatCvc(text: string): string {
  return digitsOf(text).slice(0, 4);
}
