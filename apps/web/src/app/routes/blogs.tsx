import { PageHeader } from '../../components/ui/page-header';
import { QuestionList } from '../../features/blog/components/question-list';
import { usePageTitle } from '../../lib/use-page-title';

export function BlogsRoute() {
  usePageTitle('Question & Answering Section');
  return (
    <>
      <PageHeader title="Question & Answering Section" />
      <QuestionList />
    </>
  );
}
