import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { blogQuestions } from '../blog-questions';
import { QuestionList } from './question-list';

describe('QuestionList', () => {
  it('renders the six questions as level-2 headings', () => {
    render(<QuestionList />);

    expect(blogQuestions).toHaveLength(6);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6);

    for (const item of blogQuestions) {
      expect(screen.getByRole('heading', { level: 2, name: item.question })).toBeInTheDocument();
    }
  });

  it('renders every answer paragraph', () => {
    render(<QuestionList />);

    for (const item of blogQuestions) {
      for (const paragraph of item.answer) {
        expect(screen.getByText(paragraph)).toBeInTheDocument();
      }
    }
  });
});
