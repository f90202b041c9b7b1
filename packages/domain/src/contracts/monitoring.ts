/**
 * Monitoring (spec section 7 "Monitoring", "Incident", "DeviceActivity"; issue 13): device health,
 * incidents raised by the detection rules, tickets opened from incidents, comments, rule thresholds and
 * mail recipients per client group.
 *
 * Routes (server `features/monitoring`); every list and object is limited to the caller's scope, and an
 * object outside it answers 404:
 *
 *   GET  /api/Monitoring/GetNbOpenTickets                      everyone        -> OpenTicketCount
 *   GET  /api/Monitoring/OpenTickets?nodeIds                    everyone        -> Ticket[]
 *   GET  /api/Monitoring/HistoryTicket?nodeIds&page&pageSize    everyone        -> TicketPage (closed tickets)
 *   GET  /api/Monitoring/Tickets/{ticketNumber}                 everyone        -> TicketDetail
 *   GET  /api/Monitoring/Incidents?macAddresses&openOnly&limit&page&scopeType&rule&severity&clientGroupId&nodeIds
 *                                                               superAdmin, deviceManagerAdmin -> IncidentPage
 *   GET  /api/Monitoring/devices?nodeIds&status&search          superAdmin, deviceManagerAdmin -> DeviceHealth[]
 *   GET  /api/Monitoring/devices/{deviceId}                     superAdmin, deviceManagerAdmin -> DeviceDetail
 *   POST /api/Monitoring/RefreshDevices  {nodeIds?}             superAdmin, deviceManagerAdmin -> RefreshDevicesResult
 *   GET  /api/DeviceActivity?deviceId&from&to                   superAdmin, deviceManagerAdmin -> DeviceActivity
 *   POST /api/Incident/{incidentId}/approve  {comment?}         superAdmin, deviceManagerAdmin -> Ticket
 *   POST /api/Incident/{incidentId}/discard  {reason}           superAdmin, deviceManagerAdmin -> Incident
 *   POST /api/Incident/ticket/{ticketNumber}/close  {note}      superAdmin, admin, deviceManagerAdmin -> Ticket
 *   GET  /api/Incident/ticket/{ticketNumber}/comments           everyone        -> TicketComment[]
 *   POST /api/Incident/ticket/{ticketNumber}/comments  {text}   everyone        -> TicketComment
 *   GET  /api/Monitoring/rules/{clientGroupId}                  superAdmin      -> RuleSettings
 *   PUT  /api/Monitoring/rules/{clientGroupId}  RuleThresholdsInput  superAdmin -> RuleSettings
 *   GET  /api/Monitoring/recipients/{clientGroupId}             superAdmin      -> MonitoringRecipients
 *   PUT  /api/Monitoring/recipients/{clientGroupId}  MonitoringRecipientsInput  superAdmin -> MonitoringRecipients
 *
 * Times are ISO 8601 instants (UTC, `Z`) unless a field says "local".
 *
 * The contracts live in one file per concern; this module gathers them.
 */
export * from './monitoring-status.js';
export * from './monitoring-settings.js';
export * from './monitoring-tickets.js';
export * from './monitoring-devices.js';
