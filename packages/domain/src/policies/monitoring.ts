import type { Role } from '../roles.js';
import { inRoleGroup } from './role-groups.js';

/**
 * Who may do what with monitoring incidents and tickets (issue 13). The server checks the same rules
 * (route access groups and services); the web shows only the actions these allow. Every action also
 * needs the incident or ticket inside the user's scope.
 */
type Subject = { roles: readonly Role[] };

/** Read every incident (the incidents screen, a device's history): superAdmin and deviceManagerAdmin. */
export const canListIncidents = (u: Subject) => inRoleGroup(u, 'deviceManagers');
/** Confirm an open incident, which opens a ticket: superAdmin and deviceManagerAdmin. */
export const canApproveIncident = (u: Subject) => inRoleGroup(u, 'deviceManagers');
/** Call an open incident a false alarm, with a reason: superAdmin and deviceManagerAdmin. */
export const canDiscardIncident = (u: Subject) => inRoleGroup(u, 'deviceManagers');
/** Close an open ticket with a note: superAdmin, admin and deviceManagerAdmin. */
export const canCloseTicket = (u: Subject) => inRoleGroup(u, 'ticketClosers');
/** Comment on a ticket: everyone who sees it. */
export const canCommentTicket = (_u: Subject) => true;
/** Set a client group's rule thresholds and monitoring recipients: superAdmin. */
export const canConfigureMonitoring = (u: Subject) => inRoleGroup(u, 'superAdmin');
