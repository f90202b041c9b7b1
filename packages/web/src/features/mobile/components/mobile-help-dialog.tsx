import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HelpOutline from '@mui/icons-material/HelpOutlined';

/** The three questions of the mobile help dialog (spec section 2, "Mobile help dialog"). */
export const MOBILE_HELP_ITEMS = ['filter', 'navigation', 'figures'] as const;

/**
 * The mobile help: a button in the mobile top bar opening three questions and answers and a link to
 * contact support (`contactHref`, the pre-filled support mail).
 */
export function MobileHelpButton({ contactHref }: { contactHref: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('mobile_help_title')}>
        <IconButton
          aria-label={t('mobile_help_title')}
          onClick={() => setOpen(true)}
          data-testid="mobile-help"
        >
          <HelpOutline />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="mobile-help-title"
      >
        <DialogTitle id="mobile-help-title">{t('mobile_help_title')}</DialogTitle>
        <DialogContent sx={{ px: 2 }}>
          {MOBILE_HELP_ITEMS.map((k) => (
            <Accordion key={k} disableGutters variant="outlined" data-testid={`mobile-help-${k}`}>
              <AccordionSummary
                expandIcon={<ExpandMore />}
                id={`mobile-help-${k}-q`}
                aria-controls={`mobile-help-${k}-a`}
              >
                <Typography sx={{ fontWeight: 600 }}>{t(`mobile_help_${k}_q`)}</Typography>
              </AccordionSummary>
              <AccordionDetails id={`mobile-help-${k}-a`}>
                <Typography variant="body2" color="text.secondary">
                  {t(`mobile_help_${k}_a`)}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t('mobile_help_contact_text')}{' '}
            <Link href={contactHref} data-testid="mobile-help-contact">
              {t('mobile_help_contact_link')}
            </Link>
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
