/**
 * Demo catalogue and reviews for the local stack's seed. Plain data in the shapes of the document
 * model (common/src/documents/, type imports only): the seed adds ids, timestamps and what the
 * documents derive (newToolDoc's search terms). Prices are integer cents, as stored.
 *
 * DEMO_TOOLS is ordered oldest first: the seed gives each later tool a later createdAt, so the
 * home page ("six newest") shows the last six of this list, newest first.
 * Images are served by the web app from web/public/images/.
 */
import type { ReviewDoc } from '../../common/src/documents/reviews';
import type { ToolFields } from '../../common/src/documents/tools';
import { DEMO_FINDING } from './demo-finding';

/** A tool's fields as an admin would enter them, plus its document id (a readable slug). */
export type DemoTool = ToolFields & { slug: string };

const toolImage = (slug: string): string => `/images/tools/${slug}.svg`;

/**
 * Part numbers, packs and volume prices of the demo catalogue, by slug: gaskets and filter driers
 * ship in packs of 10, capacitors and relays in packs of 5; most parts get cheaper at 25/100/250.
 */
const COMMERCIAL: Record<string, Pick<DemoTool, 'partNumber' | 'packSize' | 'priceBreaks'>> = {
  'hermetic-compressor-1-3hp-r134a': {
    partNumber: 'FP-CMP-134A-033',
    packSize: 1,
    priceBreaks: [
      { minQuantity: 25, priceCents: 17990 },
      { minQuantity: 100, priceCents: 16950 },
    ],
  },
  'magnetic-door-gasket-universal': {
    partNumber: 'FP-GSK-UNI-096',
    packSize: 10,
    priceBreaks: [
      { minQuantity: 100, priceCents: 2300 },
      { minQuantity: 250, priceCents: 2150 },
    ],
  },
  'mechanical-thermostat-cold-control': {
    partNumber: 'FP-THM-CC-036',
    packSize: 1,
    priceBreaks: [
      { minQuantity: 100, priceCents: 1590 },
      { minQuantity: 250, priceCents: 1490 },
    ],
  },
  'defrost-timer': { partNumber: 'FP-DFT-8H25', packSize: 1, priceBreaks: [{ minQuantity: 100, priceCents: 2150 }] },
  'evaporator-fan-motor': {
    partNumber: 'FP-EFM-115-SP',
    packSize: 1,
    priceBreaks: [
      { minQuantity: 25, priceCents: 2990 },
      { minQuantity: 100, priceCents: 2850 },
    ],
  },
  'start-relay-overload-kit': {
    partNumber: 'FP-SRO-KIT-01',
    packSize: 5,
    priceBreaks: [
      { minQuantity: 100, priceCents: 1325 },
      { minQuantity: 250, priceCents: 1250 },
    ],
  },
  'run-capacitor': {
    partNumber: 'FP-CAP-15UF-370',
    packSize: 5,
    priceBreaks: [
      { minQuantity: 100, priceCents: 825 },
      { minQuantity: 250, priceCents: 775 },
    ],
  },
  'filter-drier': {
    partNumber: 'FP-FDR-025-SAE',
    packSize: 10,
    priceBreaks: [
      { minQuantity: 100, priceCents: 430 },
      { minQuantity: 250, priceCents: 395 },
    ],
  },
  'condensing-unit-1hp-r404a': { partNumber: 'FP-CDU-404A-100', packSize: 1, priceBreaks: [] },
  'refrigerant-gauge-manifold-4-valve': { partNumber: 'FP-TL-GM4V', packSize: 1, priceBreaks: [{ minQuantity: 25, priceCents: 11900 }] },
  'flaring-tool-kit-45': { partNumber: 'FP-TL-FLR45', packSize: 1, priceBreaks: [{ minQuantity: 25, priceCents: 6350 }] },
  'two-stage-rotary-vacuum-pump': { partNumber: 'FP-TL-VP2S-6', packSize: 1, priceBreaks: [] },
  'electronic-refrigerant-leak-detector': { partNumber: 'FP-TL-LKD-HS', packSize: 1, priceBreaks: [] },
  'defrost-heater': { partNumber: 'FP-DFH-115-450', packSize: 1, priceBreaks: [{ minQuantity: 100, priceCents: 2690 }] },
  'condenser-fan-motor': {
    partNumber: 'FP-CFM-115-9W',
    packSize: 1,
    priceBreaks: [
      { minQuantity: 25, priceCents: 3290 },
      { minQuantity: 100, priceCents: 3150 },
    ],
  },
};

/**
 * How each demo part ships (CONTRACT §14): its shipping weight in pounds as a distributor lists it
 * (the part in its box), whether it goes by LTL freight only, and the maker's lead time in days.
 */
const SHIPPING: Record<string, Pick<DemoTool, 'weight' | 'freight' | 'leadTimeDays'>> = {
  'hermetic-compressor-1-3hp-r134a': { weight: 24.5, freight: false, leadTimeDays: 21 },
  'magnetic-door-gasket-universal': { weight: 1.6, freight: false, leadTimeDays: 14 },
  'mechanical-thermostat-cold-control': { weight: 0.45, freight: false, leadTimeDays: 10 },
  'defrost-timer': { weight: 0.6, freight: false, leadTimeDays: 10 },
  'evaporator-fan-motor': { weight: 1.9, freight: false, leadTimeDays: 14 },
  'start-relay-overload-kit': { weight: 0.25, freight: false, leadTimeDays: 7 },
  'run-capacitor': { weight: 0.35, freight: false, leadTimeDays: 7 },
  'filter-drier': { weight: 0.3, freight: false, leadTimeDays: 7 },
  'refrigerant-gauge-manifold-4-valve': { weight: 6.8, freight: false, leadTimeDays: 28 },
  'flaring-tool-kit-45': { weight: 4.2, freight: false, leadTimeDays: 21 },
  'two-stage-rotary-vacuum-pump': { weight: 18.7, freight: false, leadTimeDays: 28 },
  'electronic-refrigerant-leak-detector': { weight: 1.3, freight: false, leadTimeDays: 21 },
  'defrost-heater': { weight: 0.9, freight: false, leadTimeDays: 14 },
  'condenser-fan-motor': { weight: 2.4, freight: false, leadTimeDays: 14 },
  'condensing-unit-1hp-r404a': { weight: 148, freight: true, leadTimeDays: 35 },
};

const tool = (t: Omit<DemoTool, 'image' | keyof (typeof COMMERCIAL)[string] | keyof (typeof SHIPPING)[string]>): DemoTool => {
  const commercial = COMMERCIAL[t.slug];
  const shipping = SHIPPING[t.slug];
  if (!shipping) throw new Error(`demo-data: no weight for ${t.slug}`);
  const finding = DEMO_FINDING[t.slug];
  if (!commercial) throw new Error(`demo-data: no part number for ${t.slug}`);
  if (!finding) throw new Error(`demo-data: no category, specs or aliases for ${t.slug}`);
  return { ...t, ...commercial, ...shipping, ...finding, image: toolImage(t.slug) };
};

export const DEMO_TOOLS: DemoTool[] = [
  tool({
    slug: 'hermetic-compressor-1-3hp-r134a',
    name: 'Hermetic Reciprocating Compressor 1/3 HP (R-134a)',
    description:
      'Low back pressure hermetic reciprocating compressor for domestic and light commercial refrigerators, 115 V / 60 Hz, 1/3 HP, rated around 1,000 BTU/h at -10 °F evaporating. ' +
      'Copper-plated suction, discharge and process stubs (1/4" and 3/16"), charged with POE oil and shipped with rubber grommets, mounting sleeves and a wiring terminal cover. ' +
      'Matches most R-134a top-mount and bottom-freezer units from 14 to 21 cu. ft.',
    priceCents: 18950,
    minimumQuantity: 5,
    availableQuantity: 420,
    // Decision 0088: the compressor is sold with a refundable deposit on its core.
    coreDepositCents: 7500,
  }),
  tool({
    slug: 'magnetic-door-gasket-universal',
    name: 'Magnetic Door Gasket, Universal Cut-to-Fit',
    description:
      'Flexible PVC door seal with a full-length magnetic core and a push-in dart base, supplied as a 96" length you cut and miter to the door. ' +
      'Stays pliable down to -40 °F and fits most refrigerator and freezer doors with a retainer channel; corner joints bond with standard PVC cement. ' +
      'Sold per length, white, packed flat in a sleeve so it arrives without kinks.',
    priceCents: 2475,
    minimumQuantity: 20,
    availableQuantity: 2600,
  }),
  tool({
    slug: 'mechanical-thermostat-cold-control',
    name: 'Mechanical Thermostat / Cold Control',
    description:
      'Capillary-bulb cold control with a 36" capillary and a 1/4" D-shaft, rated 120 V AC, 6 A, with an off position on the dial. ' +
      'Cut-in about 34 °F and cut-out about 8 °F at the coldest setting, suitable for fresh-food and single-door refrigerators. ' +
      'Each unit comes with two quick-connect terminals and a mounting screw set.',
    priceCents: 1690,
    minimumQuantity: 25,
    availableQuantity: 1850,
  }),
  tool({
    slug: 'defrost-timer',
    name: 'Defrost Timer, 8 h / 25 min',
    description:
      'Electromechanical defrost timer that switches the compressor off and the defrost heater on for 25 minutes after every 8 hours of run time. ' +
      '115 V / 60 Hz motor, four-terminal layout with a manual advance slot for quick field testing. ' +
      'Direct replacement for most frost-free top-mount models; a wiring diagram is printed on the case.',
    priceCents: 2290,
    minimumQuantity: 20,
    availableQuantity: 1320,
  }),
  tool({
    slug: 'evaporator-fan-motor',
    name: 'Evaporator Fan Motor, 115 V Shaded-Pole',
    description:
      'Shaded-pole evaporator fan motor, 115 V / 60 Hz, about 3,000 RPM, counter-clockwise rotation seen from the shaft end, with a 1/8" shaft. ' +
      'Sealed ball-bearing design rated for continuous duty in the freezer compartment down to -20 °F. ' +
      'Supplied with the fan blade, rubber mounting grommets and a two-pin connector.',
    priceCents: 3150,
    minimumQuantity: 10,
    availableQuantity: 760,
  }),
  tool({
    slug: 'start-relay-overload-kit',
    name: 'Start Relay and Overload Protector Kit',
    description:
      'PTC start relay paired with a matched bimetal overload protector for 1/5 to 1/3 HP household compressors on 115 V. ' +
      'Push-on design fits three-pin compressor terminals without tools; the kit includes a terminal cover and a retaining clip. ' +
      'The usual first fix for a compressor that clicks on and off without starting.',
    priceCents: 1425,
    minimumQuantity: 25,
    availableQuantity: 3100,
  }),
  tool({
    slug: 'run-capacitor',
    name: 'Run Capacitor 15 µF 370 V AC',
    description:
      'Metallized polypropylene run capacitor, 15 µF ±6 %, 370 V AC, 50/60 Hz, for PSC compressor and fan motor circuits. ' +
      'Oval aluminium can with 1/4" quick-connect terminals (four per side) and a mounting strap included. ' +
      'Rated for 60,000 hours at 70 °C, a safe swap for 330 V parts of the same capacitance.',
    priceCents: 895,
    minimumQuantity: 50,
    availableQuantity: 4200,
  }),
  tool({
    slug: 'filter-drier',
    name: 'Liquid Line Filter Drier 1/4" SAE',
    description:
      'Copper-shelled liquid-line filter drier with molecular sieve desiccant, compatible with R-134a, R-600a and R-410A systems. ' +
      '1/4" solder connections, about 15 g of desiccant and a 25-micron outlet screen; both ends capped and nitrogen-charged. ' +
      'Fit a new one every time the sealed system is opened.',
    priceCents: 475,
    minimumQuantity: 50,
    availableQuantity: 5400,
  }),
  // CONTRACT §14: a part that goes by LTL freight only (on a pallet), so an order of it is offered
  // the freight method alone. Before the six newest, so the home page shows the same six.
  tool({
    slug: 'condensing-unit-1hp-r404a',
    name: 'Air-Cooled Condensing Unit 1 HP (R-404A)',
    description:
      'Packaged air-cooled condensing unit for walk-in coolers and reach-in freezers: 1 HP hermetic compressor, condenser coil and fan, receiver, sight glass and service valves on one base, 208-230 V / 60 Hz single phase. ' +
      'Rated around 9,000 BTU/h at +20 °F evaporating on R-404A. Ships strapped to a pallet by LTL freight; the driver needs a dock or a lift-gate.',
    priceCents: 128900,
    minimumQuantity: 1,
    availableQuantity: 18,
    coreDepositCents: 25000,
  }),
  tool({
    slug: 'refrigerant-gauge-manifold-4-valve',
    name: '4-Valve Refrigerant Gauge Manifold Set',
    description:
      'Aluminium-body four-valve manifold with 68 mm low- and high-side gauges scaled for R-134a, R-22, R-404A and R-410A, plus a sight glass. ' +
      'Kit includes three 60" charging hoses rated 800 psi working pressure, a 3/8" vacuum hose and a hard carrying case. ' +
      'Each gauge is calibrated to ±1 % and can be re-zeroed in the field.',
    priceCents: 12900,
    minimumQuantity: 3,
    availableQuantity: 160,
  }),
  tool({
    slug: 'flaring-tool-kit-45',
    name: 'Flaring Tool Kit 45°',
    description:
      'Eccentric cone 45° flaring tool that forms smooth SAE flares on soft copper and aluminium tube from 3/16" to 3/4". ' +
      'The kit holds a ratcheting feed handle, a clamp bar with seven sizes, a tube cutter and a deburring tool in a blow-moulded case. ' +
      'The eccentric cone burnishes the flare face for leak-free joints on R-410A systems.',
    priceCents: 6850,
    minimumQuantity: 3,
    availableQuantity: 240,
  }),
  tool({
    slug: 'two-stage-rotary-vacuum-pump',
    name: '2-Stage Rotary Vane Vacuum Pump 6 CFM',
    description:
      'Two-stage rotary vane pump, 6 CFM, 1/2 HP, 115 V, pulling an ultimate vacuum of 15 microns. ' +
      '1/4" and 3/8" SAE inlets, gas ballast valve, oil sight glass and a solenoid valve that protects the system from oil back-flow in a power loss. ' +
      'Shipped with a 16 oz bottle of vacuum pump oil.',
    priceCents: 21900,
    minimumQuantity: 2,
    availableQuantity: 95,
  }),
  tool({
    slug: 'electronic-refrigerant-leak-detector',
    name: 'Electronic Refrigerant Leak Detector',
    description:
      'Heated-diode leak detector that finds HFC, HCFC and HFO refrigerants down to about 0.1 oz per year. ' +
      'Three sensitivity levels, a 16" flexible probe, audible and LED alarms and an automatic reset against background refrigerant. ' +
      'Runs about 6 hours on its rechargeable battery; the kit includes a spare sensor, charger and case.',
    priceCents: 14500,
    minimumQuantity: 2,
    availableQuantity: 40,
  }),
  tool({
    slug: 'defrost-heater',
    name: 'Defrost Heater, Radiant Glass Tube',
    description:
      'Quartz-glass radiant defrost heater, 115 V, about 450 W, 14" tube with aluminium drip shield and reflector. ' +
      'Clips under the evaporator of most side-by-side and bottom-freezer refrigerators; pre-wired leads with a two-pin plug. ' +
      'Check the defrost thermostat and fuse at the same time: a burnt heater is rarely the only failure.',
    priceCents: 2890,
    minimumQuantity: 10,
    availableQuantity: 680,
  }),
  tool({
    slug: 'condenser-fan-motor',
    name: 'Condenser Fan Motor, 115 V with Blade',
    description:
      'Shaded-pole condenser fan motor, 115 V / 60 Hz, 1,500 RPM, clockwise rotation seen from the shaft end, for under-cabinet condensers. ' +
      'Fully enclosed housing with sleeve bearings sized for dusty, warm compressor compartments. ' +
      'Comes with a 6" plastic blade, mounting bracket and a wiring harness adapter.',
    priceCents: 3475,
    minimumQuantity: 10,
    availableQuantity: 540,
  }),
];

/**
 * Discontinued demo tools (CONTRACT §11): the catalogue does not list them and never finds them
 * itself; their numbers lead to their replacement. Not in DEMO_TOOLS, which is what the catalogue
 * lists. The old defrost timer is replaced by the current one, and keeps its own OEM number.
 */
export const DEMO_DISCONTINUED: DemoTool[] = [
  {
    slug: 'defrost-timer-6h',
    name: 'Defrost Timer, 6 h / 21 min',
    description:
      'Electromechanical defrost timer for older frost-free models: 21 minutes of defrost after every 6 hours of run time, 115 V / 60 Hz. ' +
      'Discontinued: the 8 h / 25 min timer replaces it on the same four terminals.',
    image: toolImage('defrost-timer'),
    partNumber: 'FP-DFT-6H21',
    priceCents: 1990,
    packSize: 1,
    priceBreaks: [],
    minimumQuantity: 1,
    availableQuantity: 12,
    weight: 0.6,
    freight: false,
    leadTimeDays: 14,
    category: 'defrost',
    specs: { voltage: '115', frequency: '60' },
    aliases: [{ number: 'NC-4387100', kind: 'oem', brand: 'Nordcold' }],
    replacedBy: 'defrost-timer',
  },
];

/** A review as its document stores it (reviewer images: /images/reviewers/<n>.svg), written `daysAgo` days before the seed's date. */
export type DemoReview = Pick<ReviewDoc, 'userName' | 'image' | 'review' | 'description'> & {
  /** Distinct, so newest-first is stable. */
  daysAgo: number;
};

export const DEMO_REVIEWS: DemoReview[] = [
  {
    userName: 'Maria Gonzalez, CoolFix Appliance Repair',
    image: '/images/reviewers/1.svg',
    review: 5,
    description:
      'We order start relay kits and filter driers by the case every month. Parts have matched the listing every time, and the pallet arrived two days early.',
    daysAgo: 3,
  },
  {
    userName: 'Derek Owens, Northline HVAC Contractors',
    image: '/images/reviewers/2.svg',
    review: 4,
    description:
      'The 2-stage vacuum pump pulls below 50 microns on residential systems without trouble. Would be five stars if the oil bottle had come with a second fill.',
    daysAgo: 9,
  },
  {
    userName: 'Priya Nair, Metro Home Services',
    image: '/images/reviewers/3.svg',
    review: 5,
    description: 'Cut-to-fit gaskets save us stocking dozens of door-specific seals. Our techs miter and glue them on site in about twenty minutes per door.',
    daysAgo: 16,
  },
  {
    userName: 'Tom Becker, Becker Refrigeration Service',
    image: '/images/reviewers/4.svg',
    review: 3,
    description:
      'Compressors run quiet and the stubs are clean, but one shipment was short two units. Support sorted it out within the week and credited the freight.',
    daysAgo: 24,
  },
  {
    userName: 'Aisha Mensah, FrostLine Facilities',
    image: '/images/reviewers/5.svg',
    review: 5,
    description:
      'Booked a mixed order of defrost timers, heaters and cold controls for three apartment blocks. Clear minimum quantities and the invoice matched the quote exactly.',
    daysAgo: 37,
  },
  {
    userName: 'Kenji Watanabe, Pacific Appliance Parts',
    image: '/images/reviewers/6.svg',
    review: 4,
    description:
      'Good value on run capacitors and fan motors for our counter trade. Labels carry the specs our customers ask about, which cuts down on phone calls.',
    daysAgo: 52,
  },
  {
    userName: 'Laura Schmidt, Alpine Cooling Solutions',
    image: '/images/reviewers/7.svg',
    review: 5,
    description: 'The gauge manifold sets are solid for the price and the hoses hold pressure. We equipped all six of our service vans from one order.',
    daysAgo: 68,
  },
  {
    userName: 'Samuel Okafor, Reliable Appliance Care',
    image: '/images/reviewers/8.svg',
    review: 4,
    description: 'Leak detector finds slow R-134a leaks that bubble solution misses. Stock was limited, so order early if you need more than a handful.',
    daysAgo: 85,
  },
];
