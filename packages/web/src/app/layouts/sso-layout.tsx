import { AccountLoading } from '../../components/account-loading';

/** Single-sign-on layout: the logo and "Loading your account..." with a spinner. */
export function SsoLayout() {
  return <AccountLoading />;
}
