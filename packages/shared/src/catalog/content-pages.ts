/**
 * The titles and descriptions of the blog and portfolio pages (DESIGN.md section 15), apart from
 * the home page's (public-pages.ts) so that only their own pages' JavaScript carries them.
 */
export const blogsPageMeta = {
  title: 'Question & Answering Section',
  description:
    'Questions and answers on React, JavaScript, Node.js and building web applications, from the CaseForge team.',
} as const;

export const portfolioPageMeta = {
  title: 'Portfolio',
  description:
    'The portfolio of the developer of the CaseForge shop: skills, education and projects.',
} as const;
