// The fixed, invented part of the demo dataset: programs, expeditions and people. Names are made
// up (no real projects or persons); codes and places only look like real ICDP ones. Select-list
// codes here are preferences: the generator uses them only when the column's list holds them.

export interface DemoProgram {
  program: string;
  name: string;
  remarks: string;
}

export interface DemoExpedition {
  /** Index into DEMO_PROGRAMS. */
  program: number;
  expedition: string;
  acronym: string;
  name: string;
  objectives: string;
  startDate: string;
  country: string;
  city: string;
  /** Centre of the drilling area; holes scatter around it. */
  latitude: number;
  longitude: number;
  elevation: number;
  /** LAKE holes start at the lake floor below `waterDepth` metres of water. */
  locationType: string;
  waterDepth: number;
  platform: string;
  methods: string[];
  ages: string[];
  keywords: string[];
  funding: string[];
  repository: string;
  material: string;
}

export interface DemoPerson {
  acronym: string;
  first: string;
  last: string;
  role: string;
}

export const DEMO_PROGRAMS: readonly DemoProgram[] = [
  {
    program: 'ICDP',
    name: 'International Continental Scientific Drilling Program',
    remarks: 'Demo data: every expedition, person and sample below is invented.',
  },
  {
    program: 'TSDP',
    name: 'Tethys Scientific Drilling Program',
    remarks: 'An invented second program, to show data of more than one program.',
  },
];

export const DEMO_EXPEDITIONS: readonly DemoExpedition[] = [
  {
    program: 0,
    expedition: '5065',
    acronym: 'GRAVEL',
    name: 'Glacial Record of Alpine Valley Evolution and Lakes',
    objectives: 'Recover the complete sediment fill of an overdeepened alpine valley to date past glaciations.',
    startDate: '2024-06-03',
    country: 'CH',
    city: 'Zurich',
    latitude: 47.21,
    longitude: 8.62,
    elevation: 406,
    locationType: 'LAKE',
    waterDepth: 62,
    platform: 'LAKE',
    methods: ['HPC', 'PC'],
    ages: ['Quaternary', 'Holocene', 'Pleistocene'],
    keywords: ['climate', 'lake'],
    funding: ['ICDP', 'SNSF'],
    repository: 'BCR',
    material: 'SED',
  },
  {
    program: 0,
    expedition: '5071',
    acronym: 'RIFTLINK',
    name: 'Rift Linkage Drilling in a Continental Graben',
    objectives: 'Sample the volcanic and sedimentary infill of a rift to link faulting, magmatism and fluids.',
    startDate: '2025-03-10',
    country: 'CZ',
    city: 'Windischeschenbach',
    latitude: 50.18,
    longitude: 12.41,
    elevation: 472,
    locationType: 'LAND',
    waterDepth: 0,
    platform: 'LAND',
    methods: ['WL', 'DC'],
    ages: ['Neogene', 'Miocene'],
    keywords: ['tectonics', 'fault', 'geothermal'],
    funding: ['ICDP', 'DFG'],
    repository: 'BCR',
    material: 'ROCK',
  },
  {
    program: 1,
    expedition: '7002',
    acronym: 'SALTMED',
    name: 'Salt Giant Archive of a Mediterranean Margin',
    objectives: 'Core the evaporite sequence of a marginal basin and its transition to open-marine marls.',
    startDate: '2025-09-01',
    country: 'IT',
    city: 'Vienna',
    latitude: 37.42,
    longitude: 14.05,
    elevation: 318,
    locationType: 'LAND',
    waterDepth: 0,
    platform: 'LAND',
    methods: ['RC', 'DC'],
    ages: ['Neogene', 'Miocene'],
    keywords: ['climate', 'resources'],
    funding: ['ERC'],
    repository: 'GCR',
    material: 'ROCK',
  },
];

/** Curators' acronyms match the demo ANALYST list (AM, BK, CL, DS, EW). */
export const DEMO_PERSONS: readonly DemoPerson[] = [
  { acronym: 'AM', first: 'Alma', last: 'Mergelt', role: 'CUR' },
  { acronym: 'BK', first: 'Bruno', last: 'Kalkhorst', role: 'CUR' },
  { acronym: 'CL', first: 'Clara', last: 'Lössner', role: 'SCI' },
  { acronym: 'DS', first: 'Dario', last: 'Schieferer', role: 'PI' },
  { acronym: 'EW', first: 'Edda', last: 'Wackenroth', role: 'CS' },
  { acronym: 'FQ', first: 'Finn', last: 'Quarzberg', role: 'DM' },
  { acronym: 'GT', first: 'Greta', last: 'Tonfeld', role: 'OPS' },
  { acronym: 'HB', first: 'Hugo', last: 'Basaltner', role: 'DRL' },
  { acronym: 'IS', first: 'Ines', last: 'Sandvik', role: 'SCI' },
  { acronym: 'JG', first: 'Jonas', last: 'Gneisberger', role: 'STU' },
];

export const DEMO_AFFILIATIONS: readonly string[] = [
  'Institute of Applied Drilling Science, Example University',
  'Demo Geological Survey',
  'Department of Earth Sciences, Sample College',
];

export const SITE_NAMES: readonly string[] = [
  'North Basin',
  'South Basin',
  'Delta Front',
  'Central Plain',
  'Eastern Ridge',
  'West Shore',
  'Fault Block',
  'Hill Station',
];
