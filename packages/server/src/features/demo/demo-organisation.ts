import type { BusinessHours, MobileSettings, Role } from '@footfall/domain';

/**
 * The demo organisation (DESIGN.md section 9): two client groups, twelve locations in three time
 * zones, thirty devices, one account per role. Plain data; demo.service.ts writes it through the
 * tree and users services.
 */
export const DEMO_PASSWORD = 'Demo-password-1';
export const DEMO_RETAIL = 'Demo Retail';
export const DEMO_VENUES = 'Demo Venues';

type Hours = [string, string][];
const week = (sun: Hours, weekdays: Hours, sat: Hours): BusinessHours => ({
  '0': sun,
  '1': weekdays,
  '2': weekdays,
  '3': weekdays,
  '4': weekdays,
  '5': weekdays,
  '6': sat,
});
const MALL = week([['11:00', '18:00']], [['10:00', '21:00']], [['09:30', '21:00']]);
const HIGH_STREET = week([['12:00', '17:00']], [['10:00', '19:00']], [['10:00', '18:00']]);
const OFFICE_DISTRICT: BusinessHours = {
  '1': [['08:00', '18:00']],
  '2': [['08:00', '18:00']],
  '3': [['08:00', '18:00']],
  '4': [['08:00', '18:00']],
  '5': [['08:00', '18:00']],
  '6': [['10:00', '16:00']],
};
const ARENA = week([['10:00', '23:00']], [['17:00', '23:30']], [['10:00', '23:59']]);
/** museums close on Mondays: no "1" entry */
const MUSEUM: BusinessHours = {
  '0': [['09:00', '18:00']],
  '2': [['09:00', '18:00']],
  '3': [['09:00', '21:00']],
  '4': [['09:00', '18:00']],
  '5': [['09:00', '18:00']],
  '6': [['09:00', '18:00']],
};
const HALL = week([['10:00', '19:00']], [['08:00', '22:00']], [['10:00', '22:00']]);

export interface DemoLocationSpec {
  group: typeof DEMO_RETAIL | typeof DEMO_VENUES;
  name: string;
  referenceId: string;
  timezone: string;
  address: string;
  latitude: number;
  longitude: number;
  capacity: number;
  averageWage: number;
  locationGroup: string;
  businessHours: BusinessHours;
  /** door names; each becomes a device */
  doors: string[];
}

export const DEMO_LOCATIONS: DemoLocationSpec[] = [
  {
    group: DEMO_RETAIL,
    name: 'Toronto Eaton Centre',
    referenceId: 'DR-TOR-001',
    timezone: 'America/Toronto',
    address: '220 Yonge St, Toronto, ON M5B 2H1, Canada',
    latitude: 43.6544,
    longitude: -79.3807,
    capacity: 450,
    averageWage: 18.5,
    locationGroup: 'East',
    businessHours: MALL,
    doors: ['Main entrance', 'Dundas St door', 'Mall court entrance'],
  },
  {
    group: DEMO_RETAIL,
    name: 'Toronto Queen West',
    referenceId: 'DR-TOR-002',
    timezone: 'America/Toronto',
    address: '585 Queen St W, Toronto, ON M5V 2B7, Canada',
    latitude: 43.6475,
    longitude: -79.401,
    capacity: 120,
    averageWage: 17.75,
    locationGroup: 'East',
    businessHours: HIGH_STREET,
    doors: ['Street entrance', 'Back door'],
  },
  {
    group: DEMO_RETAIL,
    name: 'Montréal Sainte-Catherine',
    referenceId: 'DR-MTL-001',
    timezone: 'America/Toronto',
    address: '977 Rue Sainte-Catherine O, Montréal, QC H3B 4W3, Canada',
    latitude: 45.5017,
    longitude: -73.5673,
    capacity: 300,
    averageWage: 17.25,
    locationGroup: 'East',
    businessHours: MALL,
    doors: ['Entrée principale', 'Entrée métro', 'Entrée Peel'],
  },
  {
    group: DEMO_RETAIL,
    name: 'Ottawa Rideau',
    referenceId: 'DR-OTT-001',
    timezone: 'America/Toronto',
    address: '50 Rideau St, Ottawa, ON K1N 9J7, Canada',
    latitude: 45.426,
    longitude: -75.692,
    capacity: 250,
    averageWage: 17.6,
    locationGroup: 'East',
    businessHours: MALL,
    doors: ['Main entrance', 'Parking entrance'],
  },
  {
    group: DEMO_RETAIL,
    name: 'Vancouver Robson',
    referenceId: 'DR-VAN-001',
    timezone: 'America/Vancouver',
    address: '1055 Robson St, Vancouver, BC V6E 1A9, Canada',
    latitude: 49.285,
    longitude: -123.124,
    capacity: 200,
    averageWage: 18.2,
    locationGroup: 'West',
    businessHours: HIGH_STREET,
    doors: ['Robson St entrance', 'Thurlow St entrance'],
  },
  {
    group: DEMO_RETAIL,
    name: 'Burnaby Metrotown',
    referenceId: 'DR-VAN-002',
    timezone: 'America/Vancouver',
    address: '4700 Kingsway, Burnaby, BC V5H 4M1, Canada',
    latitude: 49.2276,
    longitude: -122.999,
    capacity: 380,
    averageWage: 17.9,
    locationGroup: 'West',
    businessHours: MALL,
    doors: ['Mall entrance', 'SkyTrain entrance', 'Parking level P2'],
  },
  {
    group: DEMO_RETAIL,
    name: 'Victoria Government Street',
    referenceId: 'DR-VIC-001',
    timezone: 'America/Vancouver',
    address: '1150 Government St, Victoria, BC V8W 1Y2, Canada',
    latitude: 48.427,
    longitude: -123.368,
    capacity: 90,
    averageWage: 17.4,
    locationGroup: 'West',
    businessHours: HIGH_STREET,
    doors: ['Front door', 'Side door'],
  },
  {
    group: DEMO_RETAIL,
    name: 'Toronto Financial District',
    referenceId: 'DR-TOR-003',
    timezone: 'America/Toronto',
    address: '100 King St W, Toronto, ON M5X 1A9, Canada',
    latitude: 43.6486,
    longitude: -79.3817,
    capacity: 140,
    averageWage: 18.9,
    locationGroup: 'East',
    businessHours: OFFICE_DISTRICT,
    doors: ['PATH entrance', 'King St door'],
  },
  {
    group: DEMO_VENUES,
    name: 'Paris Bercy Arena',
    referenceId: 'DV-PAR-001',
    timezone: 'Europe/Paris',
    address: '8 Boulevard de Bercy, 75012 Paris, France',
    latitude: 48.8386,
    longitude: 2.3786,
    capacity: 1500,
    averageWage: 14.2,
    locationGroup: 'Arenas',
    businessHours: ARENA,
    doors: ['Porte A', 'Porte B', 'Porte C', 'Entrée VIP'],
  },
  {
    group: DEMO_VENUES,
    name: 'Paris Galerie Rivoli',
    referenceId: 'DV-PAR-002',
    timezone: 'Europe/Paris',
    address: '99 Rue de Rivoli, 75001 Paris, France',
    latitude: 48.8606,
    longitude: 2.3376,
    capacity: 600,
    averageWage: 13.8,
    locationGroup: 'Museums',
    businessHours: MUSEUM,
    doors: ['Hall Rivoli', 'Entrée des groupes'],
  },
  {
    group: DEMO_VENUES,
    name: 'Lyon Halle Garnier',
    referenceId: 'DV-LYS-001',
    timezone: 'Europe/Paris',
    address: '20 Place Docteur Mérieux, 69007 Lyon, France',
    latitude: 45.7324,
    longitude: 4.8246,
    capacity: 1200,
    averageWage: 13.5,
    locationGroup: 'Arenas',
    businessHours: ARENA,
    doors: ['Entrée Nord', 'Entrée Sud', 'Parvis'],
  },
  {
    group: DEMO_VENUES,
    name: 'Toronto Harbourfront Hall',
    referenceId: 'DV-TOR-001',
    timezone: 'America/Toronto',
    address: '235 Queens Quay W, Toronto, ON M5J 2G8, Canada',
    latitude: 43.6387,
    longitude: -79.3822,
    capacity: 800,
    averageWage: 17.1,
    locationGroup: 'Halls',
    businessHours: HALL,
    doors: ['Lakeside entrance', 'Queens Quay entrance'],
  },
];

/** A stable, recognisable MAC per device (locally administered prefix 02:FF:D0). */
export const demoMac = (index: number) =>
  `02:FF:D0:${[index >> 16, (index >> 8) & 0xff, index & 0xff].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')}`;
export const demoSerial = (index: number) => `FC-2023-${String(1000 + index).padStart(5, '0')}`;
/** every third device has the device connector (monitoring deep link) */
export const demoHasConnector = (index: number) => index % 3 === 0;

/** User groups of each client group, owned by it (besides its `_EVERYONE_`). */
export const DEMO_USER_GROUPS: Record<typeof DEMO_RETAIL | typeof DEMO_VENUES, string[]> = {
  [DEMO_RETAIL]: ['Store managers'],
  [DEMO_VENUES]: ['Front of house'],
};

export interface DemoAccountSpec {
  username: string;
  description: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'fr' | 'es';
  roles: Role[];
  /** the client group the account is scoped to; null = the whole tree */
  scope: typeof DEMO_RETAIL | typeof DEMO_VENUES | null;
  mobileSettings: Omit<MobileSettings, 'defaultOccupancyLiveViewId'>;
}

const ALL_MOBILE = {
  hasAccessRanking: true,
  hasAccessPerformance: true,
  hasAccessOccupancy: true,
  hasAccessDashboard: true,
  hasAccessOrganizationalTreeEvent: true,
};
const DASHBOARD_ONLY = {
  hasAccessRanking: false,
  hasAccessPerformance: false,
  hasAccessOccupancy: false,
  hasAccessDashboard: true,
  hasAccessOrganizationalTreeEvent: false,
};

export const DEMO_ACCOUNTS: DemoAccountSpec[] = [
  {
    username: 'superadmin',
    description: 'superAdmin, whole tree',
    firstName: 'Sasha',
    lastName: 'Martin',
    language: 'en',
    roles: ['superAdmin'],
    scope: null,
    mobileSettings: ALL_MOBILE,
  },
  {
    username: 'admin',
    description: 'admin, Demo Retail',
    firstName: 'Alex',
    lastName: 'Tremblay',
    language: 'en',
    roles: ['admin'],
    scope: DEMO_RETAIL,
    mobileSettings: ALL_MOBILE,
  },
  {
    username: 'user',
    description: 'User, Demo Retail',
    firstName: 'Jordan',
    lastName: 'Lee',
    language: 'en',
    roles: ['User'],
    scope: DEMO_RETAIL,
    mobileSettings: ALL_MOBILE,
  },
  {
    username: 'dashboardonly',
    description: 'dashboardOnly, Demo Retail',
    firstName: 'Morgan',
    lastName: 'Roy',
    language: 'en',
    roles: ['dashboardOnly'],
    scope: DEMO_RETAIL,
    mobileSettings: DASHBOARD_ONLY,
  },
  {
    username: 'operator',
    description: 'OccupancyOperator, Demo Retail',
    firstName: 'Casey',
    lastName: 'Gagnon',
    language: 'fr',
    roles: ['OccupancyOperator'],
    scope: DEMO_RETAIL,
    mobileSettings: { ...DASHBOARD_ONLY, hasAccessOccupancy: true },
  },
  {
    username: 'devicemanager',
    description: 'deviceManagerAdmin, Demo Retail',
    firstName: 'Riley',
    lastName: 'Chen',
    language: 'en',
    roles: ['deviceManagerAdmin'],
    scope: DEMO_RETAIL,
    mobileSettings: DASHBOARD_ONLY,
  },
  {
    username: 'impersonator',
    description: 'Impersonator, Demo Retail',
    firstName: 'Taylor',
    lastName: 'Singh',
    language: 'es',
    roles: ['Impersonator'],
    scope: DEMO_RETAIL,
    mobileSettings: ALL_MOBILE,
  },
  {
    username: 'admin-b',
    description: 'admin, Demo Venues',
    firstName: 'Camille',
    lastName: 'Dubois',
    language: 'fr',
    roles: ['admin'],
    scope: DEMO_VENUES,
    mobileSettings: ALL_MOBILE,
  },
  {
    username: 'user-b',
    description: 'User, Demo Venues',
    firstName: 'Lucas',
    lastName: 'Moreau',
    language: 'fr',
    roles: ['User'],
    scope: DEMO_VENUES,
    mobileSettings: ALL_MOBILE,
  },
];

/** A demo door, by its location's and its own name. */
export interface DemoDoorRef {
  location: string;
  door: string;
}

/**
 * The demo's deliberate sensor faults (issue 13). Every other door counts faithfully through its
 * store's business hours, so a fresh demo shows exactly these incidents and no others:
 * - `outages`: a door sent nothing for `minutes` from `afterOpening` minutes past its opening time,
 *   `daysAgo` local days before today: a resolved "offline" incident each (the newest gets an open
 *   ticket, the next a closed one);
 * - `imbalances`: a door counted only `exitShare` of its exits yesterday: an "imbalance" incident each
 *   (a ticket on the first, the second left to review);
 * - `blocked`: a door counted zero for `minutes` up to `untilMinute` (local) yesterday while the other
 *   doors counted: a "blocked" incident with a ticket.
 * The random outages of the older (hourly) history (demo-counts.model.ts `outagesOf`) stay out of
 * the minute history the monitoring judges.
 */
export const DEMO_SENSOR_FAULTS: {
  outages: (DemoDoorRef & { daysAgo: number; afterOpening: number; minutes: number })[];
  imbalances: (DemoDoorRef & { exitShare: number })[];
  blocked: DemoDoorRef & { untilMinute: number; minutes: number };
} = {
  outages: [
    { location: 'Ottawa Rideau', door: 'Parking entrance', daysAgo: 3, afterOpening: 120, minutes: 180 },
    {
      location: 'Montréal Sainte-Catherine',
      door: 'Entrée métro',
      daysAgo: 9,
      afterOpening: 60,
      minutes: 300,
    },
  ],
  imbalances: [
    { location: 'Toronto Queen West', door: 'Back door', exitShare: 0.55 },
    { location: 'Vancouver Robson', door: 'Thurlow St entrance', exitShare: 0.75 },
  ],
  blocked: { location: 'Burnaby Metrotown', door: 'Parking level P2', untilMinute: 15 * 60, minutes: 75 },
};
