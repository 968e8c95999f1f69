import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuthState } from '../../auth/state/auth-context';
import { settingsKeys } from '../../settings/api/settings-keys';
import { fetchIsSwalekhOn, fetchPhoneticCandidates } from '../api/phonetic-suggest';
import {
  attachSwalekh,
  loadSwalekhKeyboard,
  type SwalekhField,
  type SwalekhLoader,
} from '../lib/swalekh-keyboard';
import { PhoneticInput, isPhoneticLanguage, type SuggestCandidates } from './phonetic-input';

export interface SwalekhConfig {
  url: string;
  language: string;
  mode: string;
}

type SwalekhStatus = 'off' | 'loading' | 'attached' | 'failed';

interface TargetKeyboardInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Set when the Swalekh keyboard is wanted (project setting on, SWALEKH_URL configured). */
  swalekh: SwalekhConfig | null;
  /** Whether the built-in phonetic keyboard is wanted when Swalekh is not in use. */
  isPhoneticEnabled: boolean;
  suggest: SuggestCandidates;
  /** The page's script loader (one load per URL); tests pass their own. */
  loadSwalekh?: SwalekhLoader;
  children: ReactNode;
}

/**
 * Loads the Swalekh script (once per page) and attaches it to the field inside `container` while
 * it is mounted. The script's writes reach `onChange` through the field's native input event,
 * because a script setting `value` directly is invisible to React's change tracking.
 */
function useSwalekhKeyboard(
  container: React.RefObject<HTMLDivElement | null>,
  swalekh: SwalekhConfig | null,
  onChange: (value: string) => void,
  load: SwalekhLoader,
): SwalekhStatus {
  const [status, setStatus] = useState<SwalekhStatus>(swalekh ? 'loading' : 'off');
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const url = swalekh?.url;
  const language = swalekh?.language;
  const mode = swalekh?.mode;

  useEffect(() => {
    if (!url || !language || mode === undefined) {
      setStatus('off');
      return;
    }
    let isCurrent = true;
    let detach: (() => void) | null = null;
    let field: SwalekhField | null = null;
    const handleInput = () => {
      if (field) latestOnChange.current(field.value);
    };
    setStatus('loading');
    load(url).then(
      (keyboard) => {
        field = container.current?.querySelector<SwalekhField>('textarea, input') ?? null;
        if (!isCurrent || !field) return;
        try {
          detach = attachSwalekh(keyboard, field, { language, mode });
        } catch {
          setStatus('failed');
          return;
        }
        field.addEventListener('input', handleInput);
        setStatus('attached');
      },
      () => {
        if (isCurrent) setStatus('failed');
      },
    );
    return () => {
      isCurrent = false;
      field?.removeEventListener('input', handleInput);
      detach?.();
    };
  }, [container, url, language, mode, load]);

  return status;
}

/**
 * The target cell's keyboard: the Swalekh keyboard when the project wants it and its script
 * loads; otherwise (off, unconfigured, or the script failed — a notice says so, typing is never
 * blocked) the built-in phonetic keyboard.
 */
export function TargetKeyboardInput({
  value,
  onChange,
  swalekh,
  isPhoneticEnabled,
  suggest,
  loadSwalekh = loadSwalekhKeyboard,
  children,
}: TargetKeyboardInputProps) {
  const { t } = useTranslation('workspace');
  const container = useRef<HTMLDivElement>(null);
  const status = useSwalekhKeyboard(container, swalekh, onChange, loadSwalekh);
  const usesPhonetic = isPhoneticEnabled && (status === 'off' || status === 'failed');

  return (
    <div
      ref={container}
      data-keyboard={status === 'attached' ? 'swalekh' : usesPhonetic ? 'phonetic' : 'none'}
    >
      <PhoneticInput enabled={usesPhonetic} value={value} onChange={onChange} suggest={suggest}>
        {children}
      </PhoneticInput>
      {status === 'failed' && (
        <Typography.Text type="warning" role="status" data-testid="swalekh-failed" style={{ fontSize: 12 }}>
          {isPhoneticEnabled ? t('swalekh.failedPhonetic') : t('swalekh.failed')}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * TargetKeyboardInput for the editor's target cell, for keyboard languages: Swalekh when uiConfig
 * swalekhUrl is set and the project has Swalekh integration nodes (its swalekhIntegration setting
 * is on); the built-in phonetic keyboard when uiConfig keyboardMode is 'phonetic'.
 */
export function EditorTargetKeyboard(props: {
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const { projectId = '', language = '' } = useParams();
  const { uiConfig } = useAuthState();
  const isKeyboardLanguage = projectId !== '' && isPhoneticLanguage(language);
  const swalekhUrl = uiConfig?.swalekhUrl ?? '';
  const projectWantsSwalekh = useQuery({
    // Under the settings page's key: adding or deleting a node there refreshes this too.
    queryKey: [...settingsKeys.swalekhNodes(projectId), 'is-on'],
    queryFn: ({ signal }) => fetchIsSwalekhOn(projectId, signal),
    enabled: isKeyboardLanguage && swalekhUrl !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
  const isSwalekhOn = isKeyboardLanguage && swalekhUrl !== '' && projectWantsSwalekh.data === true;
  const mode = uiConfig?.keyboardMode ?? '';
  const swalekh = isSwalekhOn ? { url: swalekhUrl, language, mode } : null;
  const suggest = useCallback<SuggestCandidates>(
    (word, signal) => fetchPhoneticCandidates(projectId, language, word, signal),
    [projectId, language],
  );
  return (
    <TargetKeyboardInput
      {...props}
      swalekh={swalekh}
      isPhoneticEnabled={isKeyboardLanguage && mode === 'phonetic'}
      suggest={suggest}
    />
  );
}
