/** The demo catalog and reviews a fresh shop starts with. Images ship with the web app. */

export interface DemoProduct {
  name: string;
  description: string;
  image: string;
  priceCents: number;
  aqty: number;
  minquantity: number;
}

export interface DemoReview {
  reviewer: string;
  rating: number;
  review: string;
  daysAgo: number;
}

const img = (file: string) => `/images/products/${file}`;

export const demoProducts: readonly DemoProduct[] = [
  {
    name: 'ForgeLine M3 ATX Mid-Tower Case',
    description:
      'SPCC steel ATX mid-tower with a high-airflow mesh front, tool-less 3.5" and 2.5" bays, USB 3.0 and audio front I/O, and room for a 360 mm radiator.',
    image: img('forgeline-m3-atx-mid-tower.svg'),
    priceCents: 4_800,
    aqty: 1_200,
    minquantity: 50,
  },
  {
    name: 'ForgeLine Micro-ATX Office Case',
    description:
      'Compact micro-ATX office case in brushed silver with a 5.25" optical bay, two front USB ports, dust filters and a rear 92 mm fan included.',
    image: img('forgeline-micro-atx-office.svg'),
    priceCents: 3_200,
    aqty: 2_400,
    minquantity: 100,
  },
  {
    name: 'SilentBox S5 Full-Tower Case',
    description:
      'E-ATX full tower lined with bitumen sound-dampening panels, a hinged front door, eight drive bays and two 140 mm low-noise fans pre-installed.',
    image: img('silentbox-s5-full-tower.svg'),
    priceCents: 8_900,
    aqty: 600,
    minquantity: 20,
  },
  {
    name: 'Vortex RGB Gaming Case',
    description:
      'Mid-tower gaming case with a 4 mm tempered-glass side panel, three addressable RGB front fans, a controller hub and a PSU shroud with cable management.',
    image: img('vortex-rgb-gaming.svg'),
    priceCents: 7_400,
    aqty: 900,
    minquantity: 30,
  },
  {
    name: 'Titan X Full-Tower Gaming Case',
    description:
      'White full-tower gaming chassis with dual-chamber layout, vertical GPU bracket with riser cable, support for 420 mm radiators and USB-C front I/O.',
    image: img('titan-x-full-tower-gaming.svg'),
    priceCents: 12_900,
    aqty: 350,
    minquantity: 10,
  },
  {
    name: 'Nova Mini-ITX Gaming Case',
    description:
      'Cube-shaped mini-ITX case for small gaming builds: fits 330 mm graphics cards, SFX power supplies and a 240 mm radiator, with a red aluminium accent.',
    image: img('nova-mini-itx-gaming.svg'),
    priceCents: 6_600,
    aqty: 500,
    minquantity: 25,
  },
  {
    name: 'PowerCore 550W 80+ Bronze Power Supply',
    description:
      'ATX 550 W power supply, 80 PLUS Bronze certified, 120 mm fluid-bearing fan, active PFC, OVP/UVP/SCP protections and a three-year warranty.',
    image: img('powercore-550w-bronze.svg'),
    priceCents: 3_900,
    aqty: 3_000,
    minquantity: 100,
  },
  {
    name: 'PowerCore 750W 80+ Gold Modular Power Supply',
    description:
      'Fully modular 750 W ATX 3.1 power supply, 80 PLUS Gold, native 12V-2x6 connector, Japanese capacitors and a zero-RPM fan mode at low load.',
    image: img('powercore-750w-gold-modular.svg'),
    priceCents: 7_900,
    aqty: 1_500,
    minquantity: 50,
  },
  {
    name: 'PowerCore 1000W 80+ Platinum Power Supply',
    description:
      '1000 W 80 PLUS Platinum unit for workstations and high-end gaming rigs: fully modular, 135 mm FDB fan, single +12 V rail and a ten-year warranty.',
    image: img('powercore-1000w-platinum.svg'),
    priceCents: 14_900,
    aqty: 400,
    minquantity: 20,
  },
  {
    name: 'SFX 600W Compact Power Supply',
    description:
      'Small form factor 600 W SFX power supply, 80 PLUS Gold, fully modular with flat cables and an SFX-to-ATX bracket for standard cases.',
    image: img('sfx-600w-compact.svg'),
    priceCents: 6_900,
    aqty: 800,
    minquantity: 30,
  },
];

export const demoReviews: readonly DemoReview[] = [
  {
    reviewer: 'Daniel Okafor',
    rating: 5,
    review:
      'We ordered 200 ForgeLine M3 cases for our system-integration line. Every unit arrived undamaged and the panel fit is consistent from the first box to the last.',
    daysAgo: 2,
  },
  {
    reviewer: 'Mei Lin',
    rating: 5,
    review:
      'The PowerCore 750W Gold units run quiet and stable under full GPU load. Our return rate dropped noticeably after we switched our gaming builds to them.',
    daysAgo: 6,
  },
  {
    reviewer: 'Carlos Mendes',
    rating: 4,
    review:
      'Good value Vortex RGB cases with bright fans. Lead time was the promised one month; I would like a slightly thicker glass panel in the next revision.',
    daysAgo: 11,
  },
  {
    reviewer: 'Priya Raman',
    rating: 5,
    review:
      'Their team helped us customise the front panel with our logo for a 500-unit order. Communication was clear and the samples matched the final batch exactly.',
    daysAgo: 19,
  },
  {
    reviewer: 'Lukas Berger',
    rating: 4,
    review:
      'SilentBox S5 really is silent: our office workstations are now the quietest machines in the building. Cable management space could be a bit larger.',
    daysAgo: 27,
  },
  {
    reviewer: 'Aisha Bello',
    rating: 5,
    review:
      'Ordered Nova Mini-ITX cases and SFX 600W supplies together for compact gaming PCs. Everything fits perfectly and customers love the red accent.',
    daysAgo: 34,
  },
  {
    reviewer: 'Tom Walsh',
    rating: 3,
    review:
      'Solid budget micro-ATX cases, well packed and on time. The included rear fan is a little noisy, so we replace it for our premium office configurations.',
    daysAgo: 45,
  },
  {
    reviewer: 'Sofia Rossi',
    rating: 5,
    review:
      'Third bulk order of PowerCore 1000W Platinum units for our render farm. Zero failures after a year of continuous load, which says everything about quality.',
    daysAgo: 58,
  },
  {
    reviewer: 'Kenji Watanabe',
    rating: 4,
    review:
      'The Titan X is a showpiece for our premium gaming line. The vertical GPU bracket and riser are sturdy; the manual could explain the radiator mounts better.',
    daysAgo: 73,
  },
];
