import type { ReactNode } from 'react';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { GoogleButton } from './google-button';

/**
 * The card around the account forms; login and register end with 'Continue With Google' when the
 * shop has Google's keys (ux 2026-11-28 #22: the server says so; until it has, no button).
 */
export function AuthCard({
  title,
  children,
  withGoogle = true,
}: {
  title: string;
  children: ReactNode;
  withGoogle?: boolean;
}) {
  const methods = useSignInMethods();
  const google = withGoogle && methods.data?.google === true;
  return (
    <div className="flex justify-center py-4">
      <section className="card bg-base-100 border-base-300 w-full max-w-md border shadow-md">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">{title}</h1>
          {children}
          {google && (
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
