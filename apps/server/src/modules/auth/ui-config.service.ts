import type { UiConfig } from '@bhasha/contract';
import type { AppConfig } from '../../config/load-config';

/** The UI configuration of spec §3, from the deployment's configuration. */
export function buildUiConfig(config: AppConfig): UiConfig {
  const { env, publicUrl } = config;
  return {
    axiosBaseUrl: `${publicUrl}/api`,
    uiUrl: publicUrl,
    swalekhUrl: env.SWALEKH_URL,
    keyboard: env.KEYBOARD,
    keyboardMode: env.KEYBOARD_MODE,
    renderBaseUrl: env.RENDER_BASE_URL || publicUrl,
    renderSubDomain: env.RENDER_SUB_DOMAIN,
    // Without an SMTP server no e-mail can leave, and the dashboard shows the whitelist notice.
    mailerServiceEnabled: env.SMTP_URL ? 'true' : 'false',
  };
}
