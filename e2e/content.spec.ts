import { messages } from '@shop/shared';
import { expect, test } from './support/fixtures.js';

test.describe('static pages', () => {
  test('blogs shows the Question & Answering Section with six answered questions', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/blogs');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Question & Answering Section' }),
    ).toBeVisible();
    const questions = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(questions).toHaveCount(6);
    await expect(page.getByText(/event loop/i).first()).toBeVisible();
    await expectAccessible();
  });

  test('portfolio shows the developer, education, experience, skills, interests and projects', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/portfolio');
    for (const section of [
      'About Me',
      'Education',
      'Experience',
      'Skills',
      'Interests',
      'Projects',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByRole('table')).toBeVisible();
    const projects = page.getByRole('link', { name: /Visit project/ });
    await expect(projects).toHaveCount(3);
    for (const link of await projects.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expectAccessible();
  });

  test('an unknown address shows the not-found page', async ({ page, expectAccessible }) => {
    const response = await page.goto('/this/page/does-not-exist');
    // A real 404 (DESIGN.md section 15), with the shop's not-found page.
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: messages.notFound })).toBeVisible();
    await expect(page.getByRole('img', { name: /empty computer case/ })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectAccessible();
  });
});
