/** A dashboard section whose feature is not open yet: said plainly, not faked. */
export function ComingSoon({ title, children }: { title: string; children: string }) {
  return (
    <section className="card bg-base-100 border-base-300 border">
      <div className="card-body">
        <h1 className="card-title text-2xl">{title}</h1>
        <p className="text-base-content/80">{children}</p>
      </div>
    </section>
  );
}
