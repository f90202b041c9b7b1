import { APP_VERSION } from '@footfall/domain';

declare const __APP_BUILD__: string;

/** Product facts shown in the user menu and used by the support links. */
export const appInfo = {
  name: 'Footfall',
  version: APP_VERSION,
  build: __APP_BUILD__,
  supportEmail: (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@footfall.app',
  feedbackEmail: (import.meta.env.VITE_FEEDBACK_EMAIL as string | undefined) ?? 'feedback@footfall.app',
} as const;
