import { COMPANY } from '@shop/shared';

const established = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
  new Date(`${COMPANY.established}T00:00:00Z`),
);

const facts = [
  { label: 'Business Type', value: COMPANY.businessType },
  { label: 'Total Employees', value: String(COMPANY.employees) },
  { label: 'Year Established', value: established, dateTime: COMPANY.established },
  { label: 'Plant Area', value: `${COMPANY.plantAreaSquareMeters} square meters` },
  { label: 'Lead Time (Peak Season)', value: COMPANY.leadTimePeakSeason },
  { label: 'Lead Time (Off Season)', value: COMPANY.leadTimeOffSeason },
];

export function CompanyProfile() {
  return (
    <section aria-labelledby="profile-heading" className="space-y-6">
      <h2 id="profile-heading" className="text-center text-3xl font-bold">
        Company Profile
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map((fact) => (
          <div key={fact.label} className="bg-base-100 border-base-300 rounded-box border p-5">
            <dt className="text-base-content/70 text-sm font-medium">{fact.label}</dt>
            <dd className="mt-1 text-lg font-semibold">
              {fact.dateTime ? <time dateTime={fact.dateTime}>{fact.value}</time> : fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
