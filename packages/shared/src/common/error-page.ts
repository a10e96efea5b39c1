/** The web app's own error page: a page that failed to draw (a bug, a chunk that did not load). */
export const errorPageMessages = {
  title: 'Something went wrong',
  apology:
    'Sorry, this page could not be shown. Please try again; if it keeps happening, go back to the home page.',
  tryAgain: 'Try again',
  home: 'Back to the home page',
} as const;
