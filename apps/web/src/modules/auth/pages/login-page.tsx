import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { homeForCurrentUser } from '../../../app/guards.tsx';
import { CenteredLayout } from '../../../ui/centered-layout.tsx';
import { isReadableWithWhite, primaryColorVariables } from '../../../ui/color.ts';
import { WhiteLabelBrand } from '../../../ui/white-label-brand.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { SignupForm } from '../components/signup-form.tsx';
import { useLandingBranding } from '../hooks/use-landing-branding.ts';

export type TLandingVariant =
  | 'domestic-company'
  | 'domestic-team'
  | 'international-company'
  | 'international-team'
  | 'region-manager';

type TMode = 'login' | 'signup' | 'forgot';

/**
 * `/` and the SPEC §2.2 landing pages. One route, three modes (`?mode=signup`, `?mode=forgot`), so no route
 * outside SPEC §2.1 is needed for sign-up and password recovery.
 */
export function LoginPage({ variant }: { variant?: TLandingVariant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('mode');
  const mode: TMode = raw === 'signup' || raw === 'forgot' ? raw : 'login';
  const goHome = () => navigate(homeForCurrentUser(), { replace: true });
  const { branding } = useLandingBranding(variant);
  const landingTitle = variant ? branding?.loginTitle || t(`auth.landing.${variant}`) : null;

  const title =
    mode === 'signup' ? t('auth.signupTitle') : mode === 'forgot' ? t('auth.forgotTitle') : landingTitle ?? t('auth.loginTitle');
  const subtitle =
    mode === 'signup' ? t('auth.signupSubtitle') : mode === 'forgot' ? t('auth.forgotSubtitle') : variant ? t('auth.landingSubtitle') : t('auth.loginSubtitle');
  usePageTitle(title);

  return (
    <CenteredLayout
      width={mode === 'signup' ? 560 : 440}
      footer={branding ? t('auth.poweredBy', { name: branding.displayName }) : t('app.footer')}
      brand={branding ? <WhiteLabelBrand look={branding} size={36} /> : undefined}
      accentColor={branding?.primaryColor}
      cssVariables={branding && isReadableWithWhite(branding.primaryColor) ? primaryColorVariables(branding.primaryColor) : undefined}
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={26}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </Stack>

        {mode === 'login' && (
          <>
            <LoginForm onSuccess={goHome} />
            <Group justify="space-between" gap="xs">
              <Anchor component={Link} to="?mode=forgot" size="sm">
                {t('auth.forgotPassword')}
              </Anchor>
              {!variant && (
                <Text size="sm">
                  {t('auth.noAccount')}{' '}
                  <Anchor component={Link} to="?mode=signup" fw={600}>
                    {t('auth.createAccount')}
                  </Anchor>
                </Text>
              )}
            </Group>
          </>
        )}

        {mode === 'signup' && (
          <>
            <SignupForm onSuccess={goHome} />
            <Divider />
            <Text size="sm" ta="center">
              {t('auth.haveAccount')}{' '}
              <Anchor component={Link} to="." fw={600}>
                {t('auth.signIn')}
              </Anchor>
            </Text>
          </>
        )}

        {mode === 'forgot' && (
          <>
            <ForgotPasswordForm />
            <Anchor component={Link} to="." size="sm" ta="center">
              {t('auth.backToLogin')}
            </Anchor>
          </>
        )}
      </Stack>
    </CenteredLayout>
  );
}
