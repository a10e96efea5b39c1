import type { ReactNode } from 'react';
import { GoogleButton } from './google-button';

/** The card around the login and register forms, ending with 'Continue With Google'. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center py-4">
      <section className="card bg-base-100 border-base-300 w-full max-w-md border shadow-md">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">{title}</h1>
          {children}
          <div className="divider">OR</div>
          <GoogleButton />
        </div>
      </section>
    </div>
  );
}
