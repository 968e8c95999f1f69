import { CheckOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageBanner } from '../banner/language-banner';

/** /register (spec §2): the banner page, with the way in to the free trial and sign-in. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const features = t('register.features', { returnObjects: true });
  return (
    <LanguageBanner variant="full">
      <div className="register-page__extra" data-testid="register-page">
        <p className="register-page__lead">{t('register.lead')}</p>
        <ul className="register-page__features">
          {features.map((feature) => (
            <li key={feature}>
              <CheckOutlined />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <Flex gap={12} wrap>
          <Button
            color="orange"
            variant="solid"
            size="large"
            onClick={() => void navigate('/')}
            data-testid="register-start-trial"
          >
            {t('banner.getStarted')}
          </Button>
          <Button size="large" ghost onClick={() => void navigate('/sign-in')} data-testid="register-sign-in">
            {t('banner.signIn')}
          </Button>
        </Flex>
      </div>
    </LanguageBanner>
  );
}
