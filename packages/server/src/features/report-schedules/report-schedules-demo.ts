import { ScheduleBody, type ExecutionResult, type ScheduleInput, type ScheduleRule } from '@footfall/domain';

/** What the demo seeding needs of the service and the other features. */
export interface ScheduleDemoPorts {
  count(): Promise<number>;
  accounts(usernames: string[]): Promise<{ id: string; username: string; language: string }[]>;
  defaultDashboard(userId: string): Promise<{ id: string; name: string } | null>;
  previousRuns(rule: ScheduleRule, count: number): Date[];
  seed(
    ownerId: string,
    body: ScheduleBody,
    history: { at: Date; result: ExecutionResult; error?: string }[],
  ): Promise<string>;
}

const ruleOf = (b: ScheduleBody): ScheduleRule => ({
  frequency: b.frequency,
  time: b.time,
  weekdays: b.weekdays,
  dayOfMonth: b.dayOfMonth,
  timeZone: b.timeZone,
});

/**
 * Demo schedules (once, on an empty schedule table): for `admin` (Demo Retail) a Monday snapshot of
 * their dashboard, a daily traffic report for finance (with one failed morning in its history) and a
 * month-end executive report; for `admin-b` (Demo Venues, French) a weekly snapshot. Their history
 * is the runs the rules would have made before now.
 */
export async function seedScheduleDemo(
  ports: ScheduleDemoPorts,
  demo: {
    locations: { id: string; groupId: string; timezone: string }[];
    groups: { retail: string; venues: string };
  },
): Promise<number> {
  if ((await ports.count()) > 0) return 0;
  const accounts = new Map((await ports.accounts(['admin', 'admin-b'])).map((a) => [a.username, a]));
  let made = 0;
  const add = async (
    username: string,
    input: ScheduleInput,
    outcome: (index: number, total: number) => { result: ExecutionResult; error?: string },
    runs: number,
  ) => {
    const account = accounts.get(username);
    if (!account) return;
    const body = ScheduleBody.parse(input);
    const at = ports.previousRuns(ruleOf(body), runs);
    await ports.seed(
      account.id,
      body,
      at.map((d, i) => ({ at: d, ...outcome(i, at.length) })),
    );
    made++;
  };
  const success = () => ({ result: 'Success' as const });

  const retailToronto = demo.locations
    .filter((l) => l.groupId === demo.groups.retail && l.timezone === 'America/Toronto')
    .map((l) => l.id);
  const admin = accounts.get('admin');
  const adminDashboard = admin ? await ports.defaultDashboard(admin.id) : null;
  if (admin && adminDashboard)
    await add(
      'admin',
      {
        kind: 'dashboard',
        title: 'Monday store snapshot',
        dashboardId: adminDashboard.id,
        frequency: 'weekly',
        weekdays: [1],
        time: '07:00',
        timeZone: 'America/Toronto',
        relativePeriod: 'lastweek',
        formats: ['pdf'],
        recipients: [{ userId: admin.id }, { email: 'regional.manager@example.com' }],
        language: 'en',
      },
      success,
      4,
    );
  await add(
    'admin',
    {
      kind: 'report',
      title: 'Daily traffic for finance',
      reportName: 'trafficReport',
      frequency: 'daily',
      time: '06:30',
      timeZone: 'America/Toronto',
      relativePeriod: 'yesterday',
      formats: ['xlsx', 'pdf'],
      recipients: [{ email: 'finance@example.com' }],
      language: 'en',
      nodes1: retailToronto,
    },
    // the third morning before today failed: the mail server refused it three times
    (i, total) =>
      i === total - 3
        ? {
            result: 'Failure',
            error: 'Error: 421 4.7.0 Try again later, closing connection (mail server busy)',
          }
        : success(),
    7,
  );
  await add(
    'admin',
    {
      kind: 'report',
      title: 'Month-end executive summary',
      reportName: 'executiveReport',
      frequency: 'monthly',
      dayOfMonth: 1,
      time: '08:00',
      timeZone: 'America/Toronto',
      relativePeriod: 'lastmonth',
      formats: ['pdf'],
      recipients: [{ email: 'head.office@example.com' }],
      language: 'en',
      nodes1: [demo.groups.retail],
    },
    success,
    2,
  );
  const adminB = accounts.get('admin-b');
  const venuesDashboard = adminB ? await ports.defaultDashboard(adminB.id) : null;
  if (adminB && venuesDashboard)
    await add(
      'admin-b',
      {
        kind: 'dashboard',
        title: 'Fréquentation de la semaine',
        dashboardId: venuesDashboard.id,
        frequency: 'weekly',
        weekdays: [1],
        time: '08:00',
        timeZone: 'Europe/Paris',
        relativePeriod: 'lastweek',
        formats: ['pdf'],
        recipients: [{ userId: adminB.id }],
        language: 'fr',
      },
      success,
      3,
    );
  return made;
}
