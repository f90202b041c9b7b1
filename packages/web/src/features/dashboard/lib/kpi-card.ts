/** the same words, whatever the case and spacing ("Traffic in" and "TRAFFIC IN") */
const sameLabel = (a: string, b: string) =>
  a.trim().toLocaleLowerCase().replace(/\s+/g, ' ') === b.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

/**
 * Whether a card names its KPI above the figure: not when the widget shows one KPI and its title
 * already names it (the title row says "Traffic in", the card would repeat "TRAFFIC IN").
 */
export const cardNamesKpi = (title: string | null | undefined, kpiLabel: string, kpiCount: number) =>
  !(kpiCount === 1 && title != null && sameLabel(title, kpiLabel));
