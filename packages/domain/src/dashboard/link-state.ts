/**
 * Template link state of spec section 4, derived from two flags: whether the dashboard is linked
 * locally (a template applied in this session, unsaved) and remotely (saved with a linkedTemplateName).
 */
export const LINK_STATES = ['no_link', 'linked_local', 'unlinked_local', 'full_link'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export interface LinkFlags {
  /** the local copy follows the template (applied, not edited since) */
  local: boolean;
  /** the saved dashboard carries a linkedTemplateName */
  remote: boolean;
}

export function linkState({ local, remote }: LinkFlags): LinkState {
  if (local && remote) return 'full_link';
  if (local) return 'linked_local';
  if (remote) return 'unlinked_local';
  return 'no_link';
}

export type LinkEvent = 'apply_template' | 'save' | 'edit_widget';

/**
 * Applying a template links locally; editing, adding, moving, resizing or removing a widget breaks the
 * local link; saving a locally linked dashboard marks it remote-linked, otherwise the link is cleared.
 */
export function nextLinkFlags(flags: LinkFlags, event: LinkEvent): LinkFlags {
  switch (event) {
    case 'apply_template':
      return { ...flags, local: true };
    case 'edit_widget':
      return { ...flags, local: false };
    case 'save':
      return { local: flags.local, remote: flags.local };
  }
}

/** The confirmation asked when applying filters, or null when none is needed. */
export function applyFiltersConfirmation(
  state: LinkState,
): 'confirm_link_dashboard' | 'confirm_unlink_dashboard' | null {
  if (state === 'linked_local') return 'confirm_link_dashboard';
  if (state === 'unlinked_local') return 'confirm_unlink_dashboard';
  return null;
}
