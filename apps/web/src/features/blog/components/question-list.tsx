import { blogQuestions } from '../blog-questions';

export function QuestionList() {
  return (
    <ul className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {blogQuestions.map((item) => {
        const headingId = `question-${item.id}`;

        return (
          <li key={item.id}>
            <article
              aria-labelledby={headingId}
              className="card h-full border border-base-300 bg-base-100 shadow-sm"
            >
              <div className="card-body gap-4 p-5 sm:p-6">
                <h2 id={headingId} className="card-title text-lg leading-snug sm:text-xl">
                  {item.question}
                </h2>
                <div className="space-y-3 text-base leading-relaxed">
                  {item.answer.map((paragraph, index) => (
                    <p key={index}>{paragraph}</p>
                  ))}
                </div>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
