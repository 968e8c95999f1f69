import { useState } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import type { LanguageCode } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { LANGUAGE_OPTIONS } from '../../projects/lib/language-options';
import { useAddAppLanguages } from '../api/app-files-queries';

interface AddLanguagesModalProps {
  projectId: string;
  open: boolean;
  /** Languages the project has already (source and targets): not offered again. */
  existing: readonly string[];
  onClose: () => void;
}

/** Adds target languages to a mobile project; the server pre-fills them from the translation memory. */
export function AddLanguagesModal({ projectId, open, existing, onClose }: AddLanguagesModalProps) {
  const { t } = useTranslation('appFiles');
  const add = useAddAppLanguages(projectId);
  const [languages, setLanguages] = useState<LanguageCode[]>([]);
  const [touched, setTouched] = useState(false);
  const options = LANGUAGE_OPTIONS.filter((option) => !existing.includes(option.value));
  const close = () => {
    setLanguages([]);
    setTouched(false);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('addLanguages.title')}
      okText={t('addLanguages.submit')}
      okButtonProps={{ loading: add.isPending }}
      onCancel={close}
      onOk={() => {
        setTouched(true);
        if (languages.length === 0) return;
        add
          .mutateAsync(languages)
          .then((result) => {
            appToaster.success(
              t('addLanguages.done', { count: languages.length, prefilled: result.prefilled }),
            );
            close();
          })
          .catch(() => undefined);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('addLanguages.intro')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          validateStatus={touched && languages.length === 0 ? 'error' : undefined}
          help={touched && languages.length === 0 ? t('addLanguages.required') : undefined}
        >
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            value={languages}
            onChange={setLanguages}
            placeholder={t('addLanguages.placeholder')}
            options={options}
            data-testid="add-languages-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
