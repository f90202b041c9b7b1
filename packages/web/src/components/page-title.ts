import { useEffect } from 'react';
import { appInfo } from '../config/app';

/** The document title follows the page and the language: "Settings · Users · Footfall". */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${appInfo.name}` : appInfo.name;
  }, [title]);
}
