/** The home page's sections below the products, loaded as one chunk after the page (home.tsx). */
export { CompanyIntro } from './company-intro';
export { CompanyProfile } from './company-profile';
export { StatsBlock } from './stats-block';
