import AccountPage from '../features/auth/components/account-settings';
import { SocialSettings } from '../features/social/components/social-settings';

/** The account screen: the auth feature's settings (name, password, deletion) with the profile's (issue 46). */
export default function AccountSettingsPage() {
  return (
    <AccountPage>
      <SocialSettings />
    </AccountPage>
  );
}
