/**
 * Every address of the web app, in one place (STYLE.md: Bulletproof React's `config/paths.ts`).
 * `pattern` is what the router matches; `to(...)` builds a link. Query strings that a page keeps
 * in its address (the products search) are built by that page's feature from the shared schemas.
 */
/** An address without parameters: the router's pattern and the link are the same text. */
const fixed = <Path extends string>(path: Path) => ({ pattern: path, to: () => path });

export const paths = {
  home: fixed('/'),
  products: fixed('/products'),
  product: {
    pattern: '/products/:productId',
    to: (productId: string) => `/products/${encodeURIComponent(productId)}`,
  },
  blogs: fixed('/blogs'),
  portfolio: fixed('/portfolio'),
  orderList: fixed('/order-list'),
  login: fixed('/login'),
  register: fixed('/register'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: fixed('/reset-password'),
  quickOrder: fixed('/quick-order'),
  /** Where every email-confirmation link lands (EMAIL_CONFIRMED_PATH of packages/shared). */
  emailConfirmed: fixed('/email-confirmed'),
  order: {
    pattern: '/order/:productId',
    to: (productId: string) => `/order/${encodeURIComponent(productId)}`,
  },
  checkout: fixed('/checkout'),
  /** Where a company invitation's mail links to (DESIGN.md section 12). */
  invitation: {
    pattern: '/invitations/:token',
    to: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  },
  quoteRequest: fixed('/request-quote'),
  addProductTopLevel: fixed('/addproduct'),
  dashboard: {
    root: fixed('/dashboard'),
    profile: fixed('/dashboard/profile'),
    review: fixed('/dashboard/review'),
    order: {
      pattern: '/dashboard/orders/:orderId',
      to: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
    },
    payment: {
      pattern: '/dashboard/payment/:paymentId',
      to: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    },
    users: fixed('/dashboard/users'),
    manageProducts: fixed('/dashboard/manageproduct'),
    manageOrders: fixed('/dashboard/manage'),
    addProduct: fixed('/dashboard/addproduct'),
    reviews: fixed('/dashboard/reviews'),
    company: fixed('/dashboard/company'),
    companyOrders: fixed('/dashboard/company-orders'),
    approvals: fixed('/dashboard/approvals'),
    /** A company member's statement: open invoices, balance, available credit (issue 24). */
    statement: fixed('/dashboard/statement'),
    manageCompanies: fixed('/dashboard/companies'),
    adminCompany: {
      pattern: '/dashboard/companies/:companyId',
      to: (companyId: string) => `/dashboard/companies/${encodeURIComponent(companyId)}`,
    },
    quotes: fixed('/dashboard/quotes'),
    quote: {
      pattern: '/dashboard/quotes/:quoteId',
      to: (quoteId: string) => `/dashboard/quotes/${encodeURIComponent(quoteId)}`,
    },
    manageQuotes: fixed('/dashboard/manage-quotes'),
    searchSynonyms: {
      pattern: '/dashboard/search-synonyms',
      to: () => '/dashboard/search-synonyms',
    },
  },
} as const;
