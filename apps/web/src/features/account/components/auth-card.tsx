import type { ReactNode } from 'react';
import { GoogleButton } from './google-button';

/** The card around the account forms; login and register end with 'Continue With Google'. */
export function AuthCard({
  title,
  children,
  withGoogle = true,
}: {
  title: string;
  children: ReactNode;
  withGoogle?: boolean;
}) {
  return (
    <div className="flex justify-center py-4">
      <section className="card bg-base-100 border-base-300 w-full max-w-md border shadow-md">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">{title}</h1>
          {children}
          {withGoogle && (
            <>
              <div className="divider">OR</div>
              <GoogleButton />
            </>
          )}
        </div>
      </section>
    </div>
  );
}
