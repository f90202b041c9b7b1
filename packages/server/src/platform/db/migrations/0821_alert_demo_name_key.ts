import { sql, type Kysely } from 'kysely';

/**
 * `alert_rule.name_key`: the demo's rules keep which demo name they carry (domain ALERT_DEMO_NAMES), so
 * screens and mails show it in the reader's language; null for every rule a customer writes, and set
 * back to null when a demo rule is renamed. Existing demo rules get their key from their English name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table alert_rule add column name_key text;
    update alert_rule set name_key = case name
      when 'Store near capacity' then 'nearCapacity'
      when 'Traffic below objective' then 'trafficBelowObjective'
      when 'Door sensor incident' then 'doorSensorIncident'
      when 'Showtime over capacity' then 'showtimeOverCapacity'
    end
    where created_by is null;
  `.execute(db);
}
