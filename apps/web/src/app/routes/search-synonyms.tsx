import { searchSynonymMessages } from '@shop/shared';
import { SearchSynonyms } from '../../features/catalog/components/search-synonyms';
import { usePageTitle } from '../../lib/use-page-title';

export function SearchSynonymsRoute() {
  usePageTitle(searchSynonymMessages.pageTitle);
  return <SearchSynonyms />;
}
