import { useEffect, useRef, useState } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconArrowRight, IconKeyboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cleanScanText } from '../../lib/scan-text.ts';

function isTypingTarget(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (el as HTMLElement).isContentEditable;
}

/**
 * USB keyboard-wedge scanners type the QR payload fast and press Enter. This input receives them (and manual typing
 * or pasting). While the scanner page is idle, a printable key pressed anywhere else moves the focus here first, so a
 * scan is not lost because someone tapped a button before.
 */
export function WedgeInput({ isEnabled, onCode }: { isEnabled: boolean; onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const ref = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!isEnabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
      if (isTypingTarget(document.activeElement) || document.querySelector('[role="dialog"]')) return;
      ref.current?.focus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [isEnabled]);

  const submit = () => {
    const text = cleanScanText(value);
    setValue('');
    if (text) onCode(text);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextInput
        ref={ref}
        label={t('checkin.scanner.wedgeLabel')}
        description={t('checkin.scanner.wedgeHint')}
        placeholder="PV1:…"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        disabled={!isEnabled}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        size="md"
        leftSection={<IconKeyboard size={18} aria-hidden />}
        rightSection={
          <ActionIcon type="submit" variant="filled" size="lg" aria-label={t('checkin.scanner.check')} disabled={!isEnabled || !value.trim()}>
            <IconArrowRight size={18} aria-hidden />
          </ActionIcon>
        }
        rightSectionWidth={44}
        data-autofocus
      />
    </form>
  );
}
