import { useEffect, useState } from 'react';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from 'react-i18next';
import { BACK_TO_TOP_PX } from '@footfall/domain';

/** Appears once the page is scrolled more than 20 px. */
export function BackToTop() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > BACK_TO_TOP_PX);
    // the first reading waits for the page to settle: reading scrollY while the page is still being
    // built forces a layout in the middle of it (a restored scroll position shows the button then)
    const first = setTimeout(onScroll, 500);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(first);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return (
    <Zoom in={shown}>
      <Fab
        color="primary"
        size="small"
        aria-label={t('back_to_top')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (th) => th.zIndex.speedDial }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}
