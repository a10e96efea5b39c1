import { HOME_STATS } from '@shop/shared';

export function StatsBlock() {
  return (
    <section aria-labelledby="stats-heading" className="flex justify-center">
      <h2 id="stats-heading" className="sr-only">
        CaseForge in numbers
      </h2>
      <dl className="stats stats-vertical sm:stats-horizontal bg-base-100 border-base-300 w-full border shadow-sm sm:w-auto">
        {HOME_STATS.map((stat) => (
          <div key={stat.title} className="stat place-items-center">
            <dt className="stat-title text-base-content/80">{stat.title}</dt>
            <dd className="stat-value text-primary">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
