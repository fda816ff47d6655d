// The account screen is the auth feature's settings (name, password, sign-out, deletion).
export { default } from '../features/auth/components/account-settings';
