/**
 * An email address that may break only where a reader expects it (ux 2026-11-28 #11): before the
 * `@` and after each dot, never inside a word ("bob.buyer@acme.t / est"). Each piece is kept whole
 * unless it alone is wider than its cell.
 */
export function EmailText({ email }: { email: string }) {
  const [local = '', domain] = email.split(/@(?=[^@]*$)/);
  const pieces = (text: string) =>
    text.split(/(?<=\.)/).map((piece, index) => (
      <span key={index}>
        {index > 0 && <wbr />}
        {piece}
      </span>
    ));
  return (
    <span className="wrap-break-word">
      {pieces(local)}
      {domain !== undefined && (
        <>
          <wbr />@{pieces(domain)}
        </>
      )}
    </span>
  );
}
