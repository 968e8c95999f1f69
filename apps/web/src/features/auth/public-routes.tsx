import { Navigate, Route, Routes } from 'react-router';
import { PublicLayout } from './components/public-layout';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { FreeTrialClassicPage } from './pages/free-trial-classic-page';
import { FreeTrialPage } from './pages/free-trial-page';
import { NewPasswordPage } from './pages/new-password-page';
import { NotificationPage } from './pages/notification-page';
import { PrivacyPolicyPage } from './pages/privacy-policy-page';
import { RegisterPage } from './pages/register-page';
import { SignInPage } from './pages/sign-in-page';
import { SignUpPage } from './pages/sign-up-page';
import { VerificationPage } from './pages/verification-page';

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
