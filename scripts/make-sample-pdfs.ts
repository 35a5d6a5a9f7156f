// Writes the PDFs of the sample workspace (examples/workspace/pdfs/) with the
// project's own dependency-free writer. The output has no dates in it, so running
// this again reproduces the committed files byte for byte.
//
// Run with: npx -y node@24 scripts/make-sample-pdfs.ts

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeImageOnlyPdf, writeTextPdf } from '../src/testing/pdf-writer.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pdfDir = join(root, 'examples/workspace/pdfs');

const datasheet: string[][] = [
  [
    'Brightwell SP-200 Solar Water Pump',
    'Product datasheet, revision C',
    '',
    '1. Overview',
    'The SP-200 is a direct-drive solar pump for smallholder irrigation.',
    'It runs straight from two 400 W photovoltaic panels through an MPPT',
    'motor controller. There is no battery: the pump works while the sun shines.',
    '',
    '2. Rated performance',
    'Rated flow rate: 2.5 m3/h at 20 m total dynamic head.',
    'Peak flow rate: 3.2 m3/h at 5 m head.',
    'Typical daily volume: 14 to 16 m3 with 6 peak sun hours.',
    'Solar input: 800 Wp array, 60 to 100 V open-circuit voltage.',
    'Motor: 48 V brushless DC, 600 W, 2,900 rpm nominal.',
    '',
    '3. Intended use',
    'Surface or shallow-well installation, lift up to 30 m in daily use.',
    'Clean or lightly silted fresh water, temperature 4 to 40 C.',
  ],
  [
    '4. Hydraulic design',
    '',
    'Impeller: closed, six vanes, glass-filled nylon (PA66-GF30), 118 mm diameter.',
    'Impeller material was chosen over bronze to cut unit cost by about 40 percent.',
    'Shaft: 316 stainless steel with a ceramic mechanical seal.',
    'Casing: cast aluminium, epoxy coated, 1.25 inch inlet and 1 inch outlet.',
    '',
    'Maximum head (shut-off): 45 m at full irradiance.',
    'Maximum suction lift: 6 m; a foot valve and strainer are required.',
    'Best efficiency point: 2.2 m3/h at 24 m, wire-to-water efficiency 48 percent.',
    '',
    'Performance curve points (full sun, 1000 W/m2):',
    '  head 5 m   -> 3.2 m3/h',
    '  head 20 m  -> 2.5 m3/h',
    '  head 30 m  -> 1.8 m3/h',
    '  head 40 m  -> 0.7 m3/h',
    '  head 45 m  -> 0 m3/h (shut-off)',
  ],
  [
    '5. Controller and protection',
    'Dry-run detection, over-voltage and over-temperature cut-outs.',
    'Float switch input stops the pump when the storage tank is full.',
    '',
    '6. Warranty',
    'Brightwell warrants the SP-200 against defects in materials and workmanship',
    'for 24 months from installation. The impeller and mechanical seal are',
    'wear parts covered for 12 months. The warranty is void if the pump runs dry',
    'for long periods with the protection disabled, or if the casing is opened',
    'by anyone other than an authorised service partner.',
    '',
    'Warranty claims: send the serial number, a photo of the installation and',
    'the controller fault log to support@brightwell.example.',
    '',
    '7. Certification',
    'IEC 62253 photovoltaic pumping test planned for Q3 2026. IP65 controller.',
  ],
];

const fieldReport: string[][] = [
  [
    'Field Report: Machakos Pilot Site Visit',
    'Prepared by Chidi for the Hydraulics team',
    '',
    'Site: Wanjiru family farm, 1.2 acres of kale, tomatoes and beans.',
    'Water source: hand-dug well, 7 m deep, static water level 4.5 m.',
    'Current method: petrol pump, about 6 litres of fuel per week in the dry season.',
    '',
    'Installation',
    'Prototype SP-200 unit 04 was mounted on a concrete plinth beside the well.',
    'Panels face north at a 10 degree tilt. Delivery pipe runs 60 m uphill',
    'to a 5,000 litre tank, total dynamic head measured at 18 m.',
    'The farmer helped with the trench and the tank base.',
  ],
  [
    'Measurements (5 March 2026)',
    'Flow began at 07:40 and stopped at 17:15.',
    'Peak flow rate: 2.6 m3/h at 12:30 under clear sky.',
    'Total pumped that day: 16.2 m3, enough for the drip lines and the cattle trough.',
    'The strainer clogged twice with silt; flow dropped to 1.4 m3/h before cleaning.',
    '',
    'Recommendations',
    '- Add a coarse pre-filter basket around the foot valve.',
    '- Move the pressure sensor before the non-return valve.',
    '- Train one family member to clean the strainer weekly.',
    '- Repeat the measurement in April when cloud cover is higher.',
  ],
];

mkdirSync(pdfDir, { recursive: true });
const outputs: [string, Uint8Array][] = [
  [
    'pump-datasheet.pdf',
    writeTextPdf(datasheet, { title: 'SP-200 Solar Pump Datasheet', author: 'Brightwell Labs' }),
  ],
  [
    'field-report.pdf',
    writeTextPdf(fieldReport, { title: 'Field Report: Machakos Pilot', author: 'Chidi' }),
  ],
  ['scanned-receipt.pdf', writeImageOnlyPdf(1)],
];
for (const [name, bytes] of outputs) {
  writeFileSync(join(pdfDir, name), bytes);
  console.log(`wrote ${join(pdfDir, name)} (${bytes.length} bytes)`);
}
