import { blogsPageMeta } from '@shop/shared';
import { PageMeta } from '../../components/layout/page-meta';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { QuestionList } from '../../features/blog/components/question-list';

export function BlogsRoute() {
  const { title, description } = blogsPageMeta;
  return (
    <>
      <PageMeta title={title} description={description} canonicalPath={paths.blogs.to()} />
      <PageHeader title={title} />
      <QuestionList />
    </>
  );
}
