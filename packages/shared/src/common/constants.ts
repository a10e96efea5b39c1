/** Business constants of SPEC.md section 9, used by the server and the web app alike. */

/** Products shown in the home page's 'Our Tools' showcase. */
export const SHOWCASE_SIZE = 6;
/** Reviews shown in the home page's 'Customer Review' section. */
export const HOME_REVIEW_COUNT = 6;
/** Largest page a list call returns at once. */
export const MAX_LIST_LIMIT = 100;

export const PASSWORD_MIN_LENGTH = 8;
export const REVIEW_MIN_LENGTH = 50;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Product text in tables is cut to this many characters. */
export const TABLE_TEXT_PREVIEW = 10;
/** The order id in messages has its first 5 and last 15 characters cut off. */
export const ORDER_ID_CUT_START = 5;
export const ORDER_ID_CUT_END = 15;

export const ORDER_SUCCESS_CLOSE_MS = 1000;
export const TOAST_LIMIT = 20;
export const TOAST_REMOVE_DELAY_MS = 1000;

export const COPYRIGHT_YEAR = 2022;
export const SINCE_TEXT = 'since 1992';

/** Company facts of SPEC.md section 1, shown on the home page. */
export const COMPANY = {
  name: 'CaseForge Manufacturing',
  businessType: 'Manufacturer/Factory, Trading Company',
  employees: 203,
  established: '2016-07-26',
  plantAreaSquareMeters: 2500,
  leadTimePeakSeason: 'One month',
  leadTimeOffSeason: 'One month',
} as const;

/** The static stats block of the home page. */
export const HOME_STATS = [
  { title: 'Total Likes', value: '25.6K' },
  { title: 'Page Views', value: '2.6M' },
  { title: 'Tasks done', value: '86%' },
] as const;

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** What the spec stores as `providerId` for an email-and-password account. */
export const EMAIL_PASSWORD_PROVIDER = 'Email & Password';

/**
 * The header that tells a paged list's total. Here, beside no schema, so the web app's API
 * client can read it without pulling zod into the home page (scripts/check-budget.mjs).
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
