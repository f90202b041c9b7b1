import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canCloseTicket, canCommentTicket, type TicketDetail, type TicketEvent } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { useUser } from '../../../lib/session/current-user';
import { useLang } from '../../../lib/use-lang';
import { ticketQuery, useAddComment, useCloseTicket } from '../api/tickets-api';
import { ageText, dateTimeText } from '../lib/format';
import { Fact, IncidentSummary } from './incident-summary';
import { TicketStatusChip } from './monitoring-chips';

const EVENT_LABEL: Record<TicketEvent['kind'], string> = {
  detected: 'monitoring_event_detected',
  approved: 'monitoring_event_approved',
  commented: 'monitoring_event_commented',
  resolved: 'monitoring_event_resolved',
  closed: 'monitoring_event_closed',
};

/** A ticket in the drawer: its facts, the incident, the timeline, comments and closing. */
export function TicketDetailView({ ticketNumber }: { ticketNumber: string }) {
  const { t } = useTranslation();
  const query = useQuery(ticketQuery(ticketNumber));
  if (query.isPending)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  if (query.isError)
    return <Alert severity="error">{t('monitoring_ticket_not_found', { ticket: ticketNumber })}</Alert>;
  return <TicketBody ticket={query.data} />;
}

function TicketBody({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <Stack spacing={1} data-testid="ticket-facts">
        <Box>
          <TicketStatusChip status={ticket.status} />
        </Box>
        <Fact label={t('monitoring_opened')}>
          {dateTimeText(ticket.openedAt, lang)} · {ticket.openedBy}
        </Fact>
        {ticket.status === 'open' && (
          <Fact label={t('monitoring_age')}>{ageText(ticket.openedAt, Date.now(), lang)}</Fact>
        )}
        {ticket.closedAt && (
          <Fact label={t('monitoring_closed')}>
            {dateTimeText(ticket.closedAt, lang)} · {ticket.closedBy}
          </Fact>
        )}
        {ticket.closeNote && (
          <Fact label={t('monitoring_close_note')}>
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {ticket.closeNote}
            </Box>
          </Fact>
        )}
      </Stack>
      <CloseTicketForm ticket={ticket} />
      <Divider />
      <Section title={t('monitoring_incident')}>
        <IncidentSummary incident={ticket.incident} />
      </Section>
      <Divider />
      <Section title={t('monitoring_timeline')}>
        <Box
          component="ol"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
          data-testid="ticket-timeline"
        >
          {ticket.timeline.map((e, i) => (
            <Box component="li" key={i} sx={{ display: 'flex', gap: 1.5 }}>
              <Box
                sx={{
                  width: 10,
                  height: 10,
                  mt: 0.75,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  flex: '0 0 10px',
                }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(EVENT_LABEL[e.kind])}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {dateTimeText(e.at, lang)}
                  {e.by ? ` · ${e.by}` : ''}
                </Typography>
                {e.text && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {e.text}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      </Section>
      <Divider />
      <Comments ticket={ticket} />
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function CloseTicketForm({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const user = useUser();
  const notify = useNotify();
  const close = useCloseTicket();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  if (ticket.status !== 'open' || !canCloseTicket(user)) return null;
  if (!open)
    return (
      <Box>
        <Button variant="contained" onClick={() => setOpen(true)} data-testid="ticket-close">
          {t('monitoring_close_ticket')}
        </Button>
      </Box>
    );
  const missing = note.trim() === '';
  const submit = () => {
    setTouched(true);
    if (missing) return;
    close.mutate(
      { ticketNumber: ticket.ticketNumber, note: note.trim() },
      {
        onSuccess: () => {
          notify(t('monitoring_closed_notice', { ticket: ticket.ticketNumber }), 'success');
          setOpen(false);
        },
        onError: () => notify(t('monitoring_action_failed'), 'error'),
      },
    );
  };
  return (
    <Stack spacing={1.5} component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <TextField
        label={t('monitoring_close_note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        required
        error={touched && missing}
        helperText={touched && missing ? t('monitoring_note_required') : ' '}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
        autoFocus
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={close.isPending}>
          {t('monitoring_close_confirm')}
        </Button>
        <Button onClick={() => setOpen(false)} disabled={close.isPending}>
          {t('cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

function Comments({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const notify = useNotify();
  const add = useAddComment();
  const [text, setText] = useState('');
  const submit = () => {
    if (!text.trim()) return;
    add.mutate(
      { ticketNumber: ticket.ticketNumber, text: text.trim() },
      { onSuccess: () => setText(''), onError: () => notify(t('monitoring_action_failed'), 'error') },
    );
  };
  return (
    <Section title={t('monitoring_comments_count', { count: ticket.comments.length })}>
      <Stack spacing={1.5} data-testid="ticket-comments">
        {ticket.comments.map((c) => (
          <Box key={c.id} sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 1.5, py: 1 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {c.author} · {dateTimeText(c.createdAt, lang)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.text}
            </Typography>
          </Box>
        ))}
        {canCommentTicket(user) && (
          <Stack spacing={1} component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
            <TextField
              label={t('monitoring_comment')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            <Box>
              <Button type="submit" variant="outlined" disabled={add.isPending || !text.trim()}>
                {t('monitoring_add_comment')}
              </Button>
            </Box>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
