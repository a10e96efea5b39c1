/**
 * The public pages' titles and descriptions for search engines and link previews (DESIGN.md
 * section 15). The products page's and a product's own are in product-search.ts.
 */
export const publicPageMessages = {
  home: {
    title: 'Computer cases, gaming cases and power supplies',
    description:
      'CaseForge manufactures computer cases, gaming cases and power supplies. Order in bulk straight from the factory.',
  },
  blogs: {
    title: 'Question & Answering Section',
    description:
      'Questions and answers on React, JavaScript, Node.js and building web applications, from the CaseForge team.',
  },
  portfolio: {
    title: 'Portfolio',
    description: 'The portfolio of the developer of the CaseForge shop: skills, education and projects.',
  },
  notFound: { title: 'Page not found' },
  /** The robots tag of a search's results and of the pages that are no one's to find. */
  searchRobots: 'noindex, follow',
  privateRobots: 'noindex',
} as const;
