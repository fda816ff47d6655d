import AccountPage from '../features/auth/components/account-settings';
import { WatchCountrySetting } from '../features/library/components/watch-country-setting';
import { SocialSettings } from '../features/social/components/social-settings';

/**
 * The account screen: the auth feature's settings (name, password, deletion) with the profile's
 * (issue 46) and, in live mode, the country "Where to watch" looks in (decision 0095).
 */
export default function AccountSettingsPage() {
  return (
    <AccountPage>
      <SocialSettings />
      <WatchCountrySetting />
    </AccountPage>
  );
}
