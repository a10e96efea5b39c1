import { COMPANY } from '@shop/shared';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/**
 * "July 26, 2016", as `Intl.DateTimeFormat('en-US', { dateStyle: 'long' })` writes it, by hand:
 * the home page builds no Intl formatter while it wakes up (packages/shared/src/common/format.ts).
 */
function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}
const established = longDate(COMPANY.established);

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
