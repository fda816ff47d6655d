// The sign-in, register, profile-setup and reset screens are the auth feature's forms.
export {
  LoginPage,
  ProfileSetupPage,
  RegisterPage,
  ResetPasswordPage,
} from '../features/auth/components/auth-forms';
