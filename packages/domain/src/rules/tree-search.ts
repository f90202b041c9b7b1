/**
 * Tree search (spec section 5 "Tree search"), shared by the server's search route and the web tree.
 *
 * - The search applies at 3 or more characters, or 4 or more when the text contains ':'. Below that it
 *   matches nothing (the caller shows the unfiltered tree).
 * - Accents and case are ignored: both sides are NFD-normalised, combining marks are stripped and
 *   the result is lower-cased. Leading and trailing spaces of the text are ignored.
 * - A node matches when its name, its MAC address or its reference id contains the text.
 * - The ':' rule. A text with ':' is read as a fragment of a MAC address ("aa:bb:c"). Under 13
 *   characters it needs 5 or more *matching characters*, which we read as 5 or more characters that
 *   are not separators (':' '-' '.' or spaces): "aa:bb" (4) matches nothing, "aa:bb:c" (5) applies.
 *   From 13 characters on ("aa:bb:cc:dd:e") a fragment is specific enough on its own. When a ':' text
 *   applies it is still matched against all three fields, so a name such as "Hall: North" is found.
 * - MAC addresses are compared with their separators unified to ':' ("AA-BB-CC" is found by "aa:bb").
 */

export interface SearchableNode {
  name: string;
  referenceId?: string | null | undefined;
  macAddress?: string | null | undefined;
}

export const TREE_SEARCH_MIN_CHARS = 3;
export const TREE_SEARCH_MIN_CHARS_WITH_COLON = 4;
/** a ':' text shorter than this needs TREE_SEARCH_COLON_MIN_SIGNIFICANT significant characters */
export const TREE_SEARCH_COLON_SHORT_BELOW = 13;
export const TREE_SEARCH_COLON_MIN_SIGNIFICANT = 5;

const MARKS = /\p{M}/gu;
const SEPARATORS = /[:\-.\s]/g;

/** Accent- and case-insensitive form used on both sides of the comparison. */
export function foldSearchText(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase();
}

/** MAC addresses with any usual separator ('-', '.', ':') written with ':'. */
function foldMac(mac: string): string {
  return foldSearchText(mac).replace(/[-.]/g, ':');
}

/** Whether `text` is long (and specific) enough for the search to apply at all. */
export function treeSearchApplies(text: string): boolean {
  const t = text.trim();
  if (!t.includes(':')) return [...t].length >= TREE_SEARCH_MIN_CHARS;
  if ([...t].length < TREE_SEARCH_MIN_CHARS_WITH_COLON) return false;
  if ([...t].length >= TREE_SEARCH_COLON_SHORT_BELOW) return true;
  return [...t.replace(SEPARATORS, '')].length >= TREE_SEARCH_COLON_MIN_SIGNIFICANT;
}

/** Builds a matcher for one search text; `null` when the text is too short to apply. */
export function treeSearchMatcher(text: string): ((node: SearchableNode) => boolean) | null {
  if (!treeSearchApplies(text)) return null;
  const needle = foldSearchText(text.trim());
  const macNeedle = needle.replace(/[-.]/g, ':');
  return (node) =>
    foldSearchText(node.name).includes(needle) ||
    (node.referenceId != null && foldSearchText(node.referenceId).includes(needle)) ||
    (node.macAddress != null && foldMac(node.macAddress).includes(macNeedle));
}

export function matchesTreeSearch(node: SearchableNode, text: string): boolean {
  return treeSearchMatcher(text)?.(node) ?? false;
}

/** The nodes that match, in their original order; none when the text does not apply. */
export function searchTree<T extends SearchableNode>(nodes: readonly T[], text: string): T[] {
  const match = treeSearchMatcher(text);
  return match ? nodes.filter(match) : [];
}
