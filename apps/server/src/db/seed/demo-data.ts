import type { ProductCategory, ProductSpec } from '@shop/shared';

/** The demo catalog and reviews a fresh shop starts with. Images ship with the web app. */

/**
 * A demo product. Pack sizes are the cartons the goods ship in (cases 5 or 10, power supplies
 * 10 or 20); the minimum, the stock and every break are multiples of it, and the first break
 * lies well above the minimum, so an order of `minquantity` (or `minquantity + increment`)
 * pays the base price, as the browser tests expect.
 */
export interface DemoProduct {
  name: string;
  description: string;
  image: string;
  priceCents: number;
  aqty: number;
  minquantity: number;
  category: ProductCategory;
  sku: string;
  increment: number;
  specs: readonly ProductSpec[];
  priceBreaks: readonly { minQty: number; priceCents: number }[];
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
    category: 'cases',
    sku: 'CF-M3-ATX',
    increment: 10,
    specs: [
      { name: 'Form factor', value: 'ATX mid-tower' },
      { name: 'Motherboards', value: 'ATX, micro-ATX, mini-ITX' },
      { name: 'Dimensions', value: '445 × 210 × 470 mm' },
      { name: 'Weight', value: '6.8 kg' },
      { name: 'Fans included', value: '3 × 120 mm front, 1 × 120 mm rear' },
      { name: 'Radiator support', value: 'Up to 360 mm front' },
      { name: 'Max GPU length', value: '380 mm' },
      { name: 'Front I/O', value: '2 × USB 3.0, audio' },
    ],
    priceBreaks: [
      { minQty: 100, priceCents: 4_500 },
      { minQty: 250, priceCents: 4_250 },
      { minQty: 500, priceCents: 4_000 },
    ],
  },
  {
    name: 'ForgeLine Micro-ATX Office Case',
    description:
      'Compact micro-ATX office case in brushed silver with a 5.25" optical bay, two front USB ports, dust filters and a rear 92 mm fan included.',
    image: img('forgeline-micro-atx-office.svg'),
    priceCents: 3_200,
    aqty: 2_400,
    minquantity: 100,
    category: 'cases',
    sku: 'CF-MATX-OFC',
    increment: 10,
    specs: [
      { name: 'Form factor', value: 'Micro-ATX tower' },
      { name: 'Motherboards', value: 'Micro-ATX, mini-ITX' },
      { name: 'Dimensions', value: '370 × 180 × 400 mm' },
      { name: 'Weight', value: '4.2 kg' },
      { name: 'Fans included', value: '1 × 92 mm rear' },
      { name: 'Drive bays', value: '1 × 5.25", 2 × 3.5", 2 × 2.5"' },
      { name: 'Finish', value: 'Brushed silver' },
    ],
    priceBreaks: [
      { minQty: 200, priceCents: 3_000 },
      { minQty: 500, priceCents: 2_850 },
      { minQty: 1000, priceCents: 2_700 },
    ],
  },
  {
    name: 'SilentBox S5 Full-Tower Case',
    description:
      'E-ATX full tower lined with bitumen sound-dampening panels, a hinged front door, eight drive bays and two 140 mm low-noise fans pre-installed.',
    image: img('silentbox-s5-full-tower.svg'),
    priceCents: 8_900,
    aqty: 600,
    minquantity: 20,
    category: 'cases',
    sku: 'SB-S5-FT',
    increment: 5,
    specs: [
      { name: 'Form factor', value: 'E-ATX full tower' },
      { name: 'Motherboards', value: 'E-ATX, ATX, micro-ATX' },
      { name: 'Dimensions', value: '540 × 235 × 545 mm' },
      { name: 'Weight', value: '12.5 kg' },
      { name: 'Fans included', value: '2 × 140 mm low-noise' },
      { name: 'Drive bays', value: '8 × 3.5"/2.5"' },
      { name: 'Noise dampening', value: 'Bitumen panels, hinged front door' },
    ],
    priceBreaks: [
      { minQty: 50, priceCents: 8_500 },
      { minQty: 100, priceCents: 8_200 },
      { minQty: 200, priceCents: 7_900 },
    ],
  },
  {
    name: 'Vortex RGB Gaming Case',
    description:
      'Mid-tower gaming case with a 4 mm tempered-glass side panel, three addressable RGB front fans, a controller hub and a PSU shroud with cable management.',
    image: img('vortex-rgb-gaming.svg'),
    priceCents: 7_400,
    aqty: 900,
    minquantity: 30,
    category: 'gaming-cases',
    sku: 'VX-RGB-MT',
    increment: 5,
    specs: [
      { name: 'Form factor', value: 'ATX mid-tower' },
      { name: 'Dimensions', value: '460 × 220 × 490 mm' },
      { name: 'Weight', value: '8.1 kg' },
      { name: 'Fans included', value: '3 × 120 mm ARGB front' },
      { name: 'Side panel', value: '4 mm tempered glass' },
      { name: 'Max GPU length', value: '400 mm' },
      { name: 'Lighting', value: 'ARGB controller hub' },
    ],
    priceBreaks: [
      { minQty: 60, priceCents: 7_100 },
      { minQty: 150, priceCents: 6_800 },
      { minQty: 300, priceCents: 6_500 },
    ],
  },
  {
    name: 'Titan X Full-Tower Gaming Case',
    description:
      'White full-tower gaming chassis with dual-chamber layout, vertical GPU bracket with riser cable, support for 420 mm radiators and USB-C front I/O.',
    image: img('titan-x-full-tower-gaming.svg'),
    priceCents: 12_900,
    aqty: 350,
    minquantity: 10,
    category: 'gaming-cases',
    sku: 'TX-FT-WHT',
    increment: 5,
    specs: [
      { name: 'Form factor', value: 'E-ATX full tower, dual chamber' },
      { name: 'Dimensions', value: '520 × 285 × 560 mm' },
      { name: 'Weight', value: '14.3 kg' },
      { name: 'Radiator support', value: 'Up to 420 mm' },
      { name: 'GPU mount', value: 'Vertical bracket with PCIe 4.0 riser' },
      { name: 'Front I/O', value: 'USB-C, 2 × USB 3.0, audio' },
      { name: 'Colour', value: 'White' },
    ],
    priceBreaks: [
      { minQty: 25, priceCents: 12_400 },
      { minQty: 50, priceCents: 11_900 },
    ],
  },
  {
    name: 'Nova Mini-ITX Gaming Case',
    description:
      'Cube-shaped mini-ITX case for small gaming builds: fits 330 mm graphics cards, SFX power supplies and a 240 mm radiator, with a red aluminium accent.',
    image: img('nova-mini-itx-gaming.svg'),
    priceCents: 6_600,
    aqty: 500,
    minquantity: 25,
    category: 'gaming-cases',
    sku: 'NV-ITX-RED',
    increment: 5,
    specs: [
      { name: 'Form factor', value: 'Mini-ITX cube' },
      { name: 'Dimensions', value: '300 × 250 × 320 mm' },
      { name: 'Weight', value: '4.6 kg' },
      { name: 'Max GPU length', value: '330 mm' },
      { name: 'Power supply', value: 'SFX / SFX-L' },
      { name: 'Radiator support', value: 'Up to 240 mm' },
      { name: 'Accent', value: 'Red aluminium' },
    ],
    priceBreaks: [
      { minQty: 50, priceCents: 6_300 },
      { minQty: 100, priceCents: 6_000 },
      { minQty: 250, priceCents: 5_750 },
    ],
  },
  {
    name: 'PowerCore 550W 80+ Bronze Power Supply',
    description:
      'ATX 550 W power supply, 80 PLUS Bronze certified, 120 mm fluid-bearing fan, active PFC, OVP/UVP/SCP protections and a three-year warranty.',
    image: img('powercore-550w-bronze.svg'),
    priceCents: 3_900,
    aqty: 3_000,
    minquantity: 100,
    category: 'power-supplies',
    sku: 'PC-550-BR',
    increment: 20,
    specs: [
      { name: 'Wattage', value: '550 W' },
      { name: 'Efficiency', value: '80 PLUS Bronze' },
      { name: 'Form factor', value: 'ATX' },
      { name: 'Modular', value: 'Non-modular' },
      { name: 'Fan', value: '120 mm fluid bearing' },
      { name: 'Protections', value: 'OVP, UVP, SCP, active PFC' },
      { name: 'Dimensions', value: '150 × 140 × 86 mm' },
      { name: 'Warranty', value: '3 years' },
    ],
    priceBreaks: [
      { minQty: 200, priceCents: 3_700 },
      { minQty: 500, priceCents: 3_550 },
      { minQty: 1000, priceCents: 3_400 },
    ],
  },
  {
    name: 'PowerCore 750W 80+ Gold Modular Power Supply',
    description:
      'Fully modular 750 W ATX 3.1 power supply, 80 PLUS Gold, native 12V-2x6 connector, Japanese capacitors and a zero-RPM fan mode at low load.',
    image: img('powercore-750w-gold-modular.svg'),
    priceCents: 7_900,
    aqty: 1_500,
    minquantity: 50,
    category: 'power-supplies',
    sku: 'PC-750-GM',
    increment: 10,
    specs: [
      { name: 'Wattage', value: '750 W' },
      { name: 'Efficiency', value: '80 PLUS Gold' },
      { name: 'Form factor', value: 'ATX 3.1' },
      { name: 'Modular', value: 'Fully modular' },
      { name: 'GPU connector', value: 'Native 12V-2x6' },
      { name: 'Fan', value: '135 mm, zero-RPM mode' },
      { name: 'Dimensions', value: '150 × 150 × 86 mm' },
      { name: 'Warranty', value: '7 years' },
    ],
    priceBreaks: [
      { minQty: 100, priceCents: 7_500 },
      { minQty: 250, priceCents: 7_200 },
      { minQty: 500, priceCents: 6_900 },
    ],
  },
  {
    name: 'PowerCore 1000W 80+ Platinum Power Supply',
    description:
      '1000 W 80 PLUS Platinum unit for workstations and high-end gaming rigs: fully modular, 135 mm FDB fan, single +12 V rail and a ten-year warranty.',
    image: img('powercore-1000w-platinum.svg'),
    priceCents: 14_900,
    aqty: 400,
    minquantity: 20,
    category: 'power-supplies',
    sku: 'PC-1000-PT',
    increment: 10,
    specs: [
      { name: 'Wattage', value: '1000 W' },
      { name: 'Efficiency', value: '80 PLUS Platinum' },
      { name: 'Form factor', value: 'ATX' },
      { name: 'Modular', value: 'Fully modular' },
      { name: '+12 V rail', value: 'Single, 83 A' },
      { name: 'Fan', value: '135 mm FDB' },
      { name: 'Dimensions', value: '160 × 150 × 86 mm' },
      { name: 'Warranty', value: '10 years' },
    ],
    priceBreaks: [
      { minQty: 50, priceCents: 14_200 },
      { minQty: 100, priceCents: 13_700 },
    ],
  },
  {
    name: 'SFX 600W Compact Power Supply',
    description:
      'Small form factor 600 W SFX power supply, 80 PLUS Gold, fully modular with flat cables and an SFX-to-ATX bracket for standard cases.',
    image: img('sfx-600w-compact.svg'),
    priceCents: 6_900,
    aqty: 800,
    minquantity: 30,
    category: 'power-supplies',
    sku: 'PS-SFX-600',
    increment: 10,
    specs: [
      { name: 'Wattage', value: '600 W' },
      { name: 'Efficiency', value: '80 PLUS Gold' },
      { name: 'Form factor', value: 'SFX (ATX bracket included)' },
      { name: 'Modular', value: 'Fully modular, flat cables' },
      { name: 'Fan', value: '92 mm' },
      { name: 'Dimensions', value: '125 × 100 × 63.5 mm' },
      { name: 'Warranty', value: '5 years' },
    ],
    priceBreaks: [
      { minQty: 60, priceCents: 6_600 },
      { minQty: 150, priceCents: 6_300 },
      { minQty: 300, priceCents: 6_000 },
    ],
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
