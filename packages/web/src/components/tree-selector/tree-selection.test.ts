import { describe, expect, it } from 'vitest';
import { checkStates, toggleInSelection, type SelectableNode } from './tree-selection';

// root R > groups G1 (stores A, B; A has doors a1, a2) and G2 (store C)
const n = (id: string, parentId: string | null): SelectableNode => ({ id, parentId });
const nodes = [
  n('R', null),
  n('G1', 'R'),
  n('A', 'G1'),
  n('a1', 'A'),
  n('a2', 'A'),
  n('B', 'G1'),
  n('G2', 'R'),
  n('C', 'G2'),
];
const states = (selection: string[]) => Object.fromEntries(checkStates(nodes, selection));

describe('checkStates', () => {
  it('leaves everything unchecked without a selection', () => {
    expect(new Set(Object.values(states([])))).toEqual(new Set(['unchecked']));
  });

  it('checks a selected node and its whole subtree, and marks its ancestors partly checked', () => {
    expect(states(['A'])).toEqual({
      R: 'indeterminate',
      G1: 'indeterminate',
      A: 'checked',
      a1: 'checked',
      a2: 'checked',
      B: 'unchecked',
      G2: 'unchecked',
      C: 'unchecked',
    });
  });

  it('checks a parent when all its children are checked, up the tree', () => {
    expect(states(['A', 'B'])).toMatchObject({ G1: 'checked', R: 'indeterminate' });
    expect(states(['A', 'B', 'C'])).toMatchObject({ G1: 'checked', G2: 'checked', R: 'checked' });
    expect(states(['a1', 'a2'])).toMatchObject({ A: 'checked', G1: 'indeterminate' });
  });

  it('shows a location with one door chosen as partly checked', () => {
    expect(states(['a2'])).toMatchObject({
      a1: 'unchecked',
      a2: 'checked',
      A: 'indeterminate',
      R: 'indeterminate',
    });
  });

  it('treats nodes whose parent is outside the list (a scoped tree) as roots, and ignores unknown ids', () => {
    const scoped = nodes.filter((x) => x.id !== 'R');
    expect(Object.fromEntries(checkStates(scoped, ['G2', 'gone']))).toMatchObject({
      G1: 'unchecked',
      G2: 'checked',
      C: 'checked',
    });
  });
});

describe('toggleInSelection', () => {
  it('adds an unchecked node', () => {
    expect(toggleInSelection(nodes, ['C'], 'B')).toEqual(['C', 'B']);
  });

  it('adds a partly checked parent in place of what was chosen below it', () => {
    expect(toggleInSelection(nodes, ['C', 'a1', 'B'], 'A')).toEqual(['C', 'B', 'A']);
    expect(toggleInSelection(nodes, ['a1', 'C'], 'G1')).toEqual(['C', 'G1']);
  });

  it('removes a selected node with everything chosen below it', () => {
    expect(toggleInSelection(nodes, ['A', 'C'], 'A')).toEqual(['C']);
  });

  it('removes a parent checked because all its children are', () => {
    expect(toggleInSelection(nodes, ['A', 'B', 'C'], 'G1')).toEqual(['C']);
  });

  it('unchecks a node covered by a selected ancestor: the ancestor gives way to the rest of its subtree', () => {
    expect(toggleInSelection(nodes, ['G1'], 'B')).toEqual(['A']);
    expect(toggleInSelection(nodes, ['R'], 'a1')).toEqual(['G2', 'B', 'a2']);
    // the result covers exactly the rest
    const after = toggleInSelection(nodes, ['R'], 'a1');
    expect(states(after)).toMatchObject({
      a1: 'unchecked',
      a2: 'checked',
      B: 'checked',
      C: 'checked',
      R: 'indeterminate',
    });
  });

  it('is undone by a second click on a node that was unchecked', () => {
    const once = toggleInSelection(nodes, ['C'], 'A');
    expect(toggleInSelection(nodes, once, 'A')).toEqual(['C']);
  });
});
