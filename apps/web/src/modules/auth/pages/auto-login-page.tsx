import { useEffect, useState } from 'react';
import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TAutoLoginConsumeRequest, TAutoLoginKind } from '@pavilion/domain';
import { isApiError } from '../../../app/api-client.ts';
import { homeForCurrentUser } from '../../../app/guards.tsx';
import { startSession } from '../../../app/logout.ts';
import { useIsLoggedIn } from '../../../app/session-storage.ts';
import { CenteredLayout } from '../../../ui/centered-layout.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { authApi, type TAutoLoginResult } from '../api/auth-api.ts';

/**
 * Keys are single-use: StrictMode's double effect (or a re-render) must not consume one twice, so each request
 * body is consumed at most once per page load and later callers share the answer.
 */
const consumed = new Map<string, Promise<TAutoLoginResult>>();
function consumeOnce(body: TAutoLoginConsumeRequest): Promise<TAutoLoginResult> {
  const id = JSON.stringify(body);
  let p = consumed.get(id);
  if (!p) {
    p = authApi.consumeAutoLogin(body);
    consumed.set(id, p);
  }
  return p;
}

/** Only same-origin paths: a redirect target from a link must never send the user to another site. */
export function safeRedirectPath(value: string | undefined | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/list/events';
  return value;
}

function useConsumeRequest(kind: TAutoLoginKind): TAutoLoginConsumeRequest | null {
  const params = useParams();
  const [search] = useSearchParams();
  if (kind === 'exe') {
    // exe/lgn/{contactNo} and exe/lgn/{en}/{contactNo}: the key travels in ?k=.
    const key = search.get('k');
    if (!key) return null;
    return { kind, key, contactNo: params.contactNo, ...(params.en ? { eventId: params.en } : {}) };
  }
  if (!params.autoLoginKey) return null;
  if (kind === 'adl') return { kind, key: params.autoLoginKey, eventId: params.eventId };
  return { kind, key: params.autoLoginKey, eventId: params.eventId, formId: params.formId, boothId: params.boothId };
}

/** Auto-login links (SPEC §2.1 exe/lgn, adl, ebf/lgn): consume the key, store the session, go where it says. */
export function AutoLoginPage({ kind }: { kind: TAutoLoginKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useConsumeRequest(kind);
  const [hasFailed, setFailed] = useState(request === null);
  // The server's refusal, when it is not the usual "expired or used" (e.g. an ebf link to an unknown booth or form).
  const [refusal, setRefusal] = useState<string | null>(null);
  const isLoggedIn = useIsLoggedIn();
  const requestId = request ? JSON.stringify(request) : '';
  const title = refusal ? t('auth.linkRefusedTitle') : t('auth.linkExpiredTitle');
  usePageTitle(hasFailed ? title : t('auth.autoLoginWorking'));

  useEffect(() => {
    if (!request) return;
    let isActive = true;
    consumeOnce(request).then(
      (result) => {
        if (!isActive) return;
        const { redirectTo, ...record } = result;
        startSession(record);
        navigate(safeRedirectPath(redirectTo), { replace: true });
      },
      (error: unknown) => {
        if (!isActive) return;
        if (isApiError(error) && error.code !== 'LINK_EXPIRED' && error.message) setRefusal(error.message);
        setFailed(true);
      },
    );
    return () => {
      isActive = false;
    };
    // requestId captures every field of the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestId]);

  return (
    <CenteredLayout footer={t('app.footer')}>
      {hasFailed ? (
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
            <IconLinkOff size={32} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            {title}
          </Title>
          <Text c="dimmed" role="alert">
            {refusal ?? t('auth.linkExpiredBody')}
          </Text>
          {isLoggedIn ? (
            <Button component={Link} to={homeForCurrentUser()}>
              {t('auth.goToHome')}
            </Button>
          ) : (
            <Button component={Link} to="/">
              {t('auth.goToLogin')}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack align="center" gap="md" py="lg" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Title order={1} fz={20}>
            {t('auth.autoLoginWorking')}
          </Title>
        </Stack>
      )}
    </CenteredLayout>
  );
}
