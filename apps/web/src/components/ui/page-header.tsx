import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-8 space-y-2 text-center">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
      {children && <div className="text-base-content/75 mx-auto max-w-2xl">{children}</div>}
    </header>
  );
}
