import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PublicLayout } from './components/public-layout';
import { SignInPage } from './pages/sign-in-page';

// The sign-in page comes with the first load; every other public screen loads when opened, so a
// returning user does not download the registration forms (their selects, OTP steps, modals).
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
const FreeTrialPage = page(() => import('./pages/free-trial-page'), 'FreeTrialPage');
const ForgotPasswordPage = page(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage');
const VerificationPage = page(() => import('./pages/verification-page'), 'VerificationPage');
const NewPasswordPage = page(() => import('./pages/new-password-page'), 'NewPasswordPage');
const NotificationPage = page(() => import('./pages/notification-page'), 'NotificationPage');
const SignUpPage = page(() => import('./pages/sign-up-page'), 'SignUpPage');
const FreeTrialClassicPage = page(() => import('./pages/free-trial-classic-page'), 'FreeTrialClassicPage');
const PrivacyPolicyPage = page(() => import('./pages/privacy-policy-page'), 'PrivacyPolicyPage');
const RegisterPage = page(() => import('./pages/register-page'), 'RegisterPage');

/** The public routes of spec §2; any other path goes to `/`. */
export function PublicRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<FreeTrialPage />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="forgotPassword" element={<ForgotPasswordPage />} />
        <Route path="verification/:uuid" element={<VerificationPage />} />
        <Route path="new-password/:token" element={<NewPasswordPage />} />
        <Route path="notification/:message" element={<NotificationPage />} />
        <Route path="sign-up" element={<SignUpPage />} />
        <Route path="free-trial-classic" element={<FreeTrialClassicPage />} />
      </Route>
      <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
