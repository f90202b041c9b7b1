import { TREE_ERRORS } from '@footfall/domain';
import { ApiError } from '../../../lib/api-client';

const BY_CODE: Record<string, string> = {
  [TREE_ERRORS.cycle]: 'settings_tree_error_cycle',
  [TREE_ERRORS.parentType]: 'settings_tree_error_parent_type',
  [TREE_ERRORS.topLevel]: 'settings_tree_error_top_level',
  [TREE_ERRORS.ownScopeRoot]: 'settings_tree_error_own_scope_root',
};

/**
 * The text key (and its values) saying why the server refused a tree change: its code when it has
 * one of the tree's own; 404 = the node or the target is outside the caller's scope or gone; a 400
 * names the field; anything else is a generic failure.
 */
export function treeErrorText(error: unknown): { key: string; values?: Record<string, string> } {
  if (!(error instanceof ApiError)) return { key: 'settings_tree_error_generic' };
  const code = error.body?.error;
  if (code && BY_CODE[code]) return { key: BY_CODE[code] };
  if (error.status === 404) return { key: 'settings_tree_error_not_found' };
  if (error.status === 400 && error.field)
    return { key: 'settings_tree_error_field', values: { field: error.field } };
  return { key: 'settings_tree_error_generic' };
}
