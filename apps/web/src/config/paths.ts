/**
 * Every address of the web app, in one place (STYLE.md: Bulletproof React's `config/paths.ts`).
 * `pattern` is what the router matches; `to(...)` builds a link. Query strings that a page keeps
 * in its address (the products search) are built by that page's feature from the shared schemas.
 */
export const paths = {
  home: { pattern: '/', to: () => '/' },
  products: { pattern: '/products', to: () => '/products' },
  product: {
    pattern: '/products/:productId',
    to: (productId: string) => `/products/${encodeURIComponent(productId)}`,
  },
  blogs: { pattern: '/blogs', to: () => '/blogs' },
  portfolio: { pattern: '/portfolio', to: () => '/portfolio' },
  orderList: { pattern: '/order-list', to: () => '/order-list' },
  login: { pattern: '/login', to: () => '/login' },
  register: { pattern: '/register', to: () => '/register' },
  forgotPassword: { pattern: '/forgot-password', to: () => '/forgot-password' },
  resetPassword: { pattern: '/reset-password', to: () => '/reset-password' },
  /** Where every email-confirmation link lands (EMAIL_CONFIRMED_PATH of packages/shared). */
  emailConfirmed: { pattern: '/email-confirmed', to: () => '/email-confirmed' },
  order: {
    pattern: '/order/:productId',
    to: (productId: string) => `/order/${encodeURIComponent(productId)}`,
  },
  checkout: { pattern: '/checkout', to: () => '/checkout' },
  quoteRequest: { pattern: '/request-quote', to: () => '/request-quote' },
  addProductTopLevel: { pattern: '/addproduct', to: () => '/addproduct' },
  dashboard: {
    root: { pattern: '/dashboard', to: () => '/dashboard' },
    profile: { pattern: '/dashboard/profile', to: () => '/dashboard/profile' },
    review: { pattern: '/dashboard/review', to: () => '/dashboard/review' },
    order: {
      pattern: '/dashboard/orders/:orderId',
      to: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
    },
    payment: {
      pattern: '/dashboard/payment/:paymentId',
      to: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    },
    users: { pattern: '/dashboard/users', to: () => '/dashboard/users' },
    manageProducts: { pattern: '/dashboard/manageproduct', to: () => '/dashboard/manageproduct' },
    manageOrders: { pattern: '/dashboard/manage', to: () => '/dashboard/manage' },
    addProduct: { pattern: '/dashboard/addproduct', to: () => '/dashboard/addproduct' },
    reviews: { pattern: '/dashboard/reviews', to: () => '/dashboard/reviews' },
    quotes: { pattern: '/dashboard/quotes', to: () => '/dashboard/quotes' },
    quote: {
      pattern: '/dashboard/quotes/:quoteId',
      to: (quoteId: string) => `/dashboard/quotes/${encodeURIComponent(quoteId)}`,
    },
    manageQuotes: { pattern: '/dashboard/manage-quotes', to: () => '/dashboard/manage-quotes' },
    searchSynonyms: {
      pattern: '/dashboard/search-synonyms',
      to: () => '/dashboard/search-synonyms',
    },
  },
} as const;
