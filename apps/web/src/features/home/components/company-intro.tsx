import { COMPANY } from '@shop/shared';
import factory from '../../../assets/factory.svg';

export function CompanyIntro() {
  return (
    <section aria-labelledby="intro-heading" className="grid items-center gap-8 lg:grid-cols-2">
      <img
        src={factory}
        alt="The CaseForge factory with its sheet-metal press and finished cases"
        width={800}
        height={600}
        loading="lazy"
        className="rounded-box bg-base-200 w-full"
      />
      <div className="space-y-4">
        <h2 id="intro-heading" className="text-3xl font-bold">
          About {COMPANY.name}
        </h2>
        <p className="text-base-content/85">
          We design and build computer cases, gaming cases and power supplies in our own plant.
          Sheet metal is cut, pressed, painted and assembled under one roof, and every power supply
          is burned in and tested before it is boxed.
        </p>
        <p className="text-base-content/85">
          System integrators, retailers and brands order from us in bulk: each product has a minimum
          order quantity, and our stock levels are shown live so you always know what can ship this
          month. We also produce custom front panels, colours and logos on request.
        </p>
      </div>
    </section>
  );
}
