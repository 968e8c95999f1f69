import { useState } from 'react';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Radio, Select, Space, Steps } from 'antd';
import {
  SCOPE_TYPE_VALUES,
  isValidWebsiteUrl,
  normaliseWebsiteUrl,
  type LanguageCode,
  type Project,
  type ProjectType,
  type ScopeType,
} from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useCreateProject, useStartCrawl } from '../api/projects-queries';
import { LANGUAGE_OPTIONS } from '../lib/language-options';

interface WizardValues {
  type: ProjectType;
  name?: string;
  origins: string[];
  sourceLanguage: LanguageCode;
  targetLanguages: LanguageCode[];
  scopeType: ScopeType;
  crawlNow: boolean;
}

type StepKey = 'type' | 'website' | 'languages';

interface CreateProjectFormProps {
  /** Every project type with whether it can be created yet (the server's abilities). */
  types: readonly { type: ProjectType; available: boolean }[];
  onCreated: (project: Project) => void;
}

/**
 * The create-project wizard: type, website address(es), languages; optionally crawls at once.
 * A mobile app project has no website: its strings come from uploaded files, so it skips that
 * step and needs a name. Types the server cannot create yet are shown, disabled, so nobody fills
 * in a form for nothing.
 */
export function CreateProjectForm({ types, onCreated }: CreateProjectFormProps) {
  const { t } = useTranslation('projects');
  const [form] = Form.useForm<WizardValues>();
  const [step, setStep] = useState(0);
  const create = useCreateProject();
  const crawl = useStartCrawl();
  const type = Form.useWatch('type', form) ?? 'website';
  const sourceLanguage = Form.useWatch('sourceLanguage', form) ?? 'en';
  // Translating a site into its own language makes no sense: the source is not offered as a target.
  const targetOptions = LANGUAGE_OPTIONS.filter((option) => option.value !== sourceLanguage);

  const isWebsite = type === 'website';

  /** The fields each step validates before moving on (every origin row on the website step). */
  function fieldsOfStep(key: StepKey): Array<Array<string | number>> {
    if (key === 'type') return [['type'], ['name']];
    if (key === 'website')
      return ((form.getFieldValue('origins') as string[] | undefined) ?? []).map((_, i) => ['origins', i]);
    return [['sourceLanguage'], ['targetLanguages'], ['scopeType']];
  }

  async function handleFinish() {
    const values = form.getFieldsValue(true) as WizardValues;
    const website = values.type === 'website';
    // Addresses typed before switching to another type are not sent with it.
    const origins = website ? (values.origins ?? []).map((o) => normaliseWebsiteUrl(o)).filter(Boolean) : [];
    const common = {
      ...(values.name ? { name: values.name.trim() } : {}),
      sourceLanguage: values.sourceLanguage,
      targetLanguages: values.targetLanguages,
      ...(website ? { scopeType: values.scopeType } : {}),
    };
    const project =
      website && origins.length > 1
        ? await create.mutateAsync({ kind: 'multi', body: { ...common, origins } })
        : await create.mutateAsync({
            kind: 'single',
            body: { ...common, type: values.type, ...(origins[0] ? { baseUrl: origins[0] } : {}) },
          });
    if (website && values.crawlNow) await crawl.mutateAsync({ projectId: project.id });
    onCreated(project);
  }

  const steps = (
    isWebsite ? (['type', 'website', 'languages'] as const) : (['type', 'languages'] as const)
  ).map((key: StepKey) => ({ key, title: t(`wizard.steps.${key}`) }));
  const stepKey = steps[step]?.key ?? 'type';

  return (
    <Form<WizardValues>
      form={form}
      layout="vertical"
      data-testid="create-project-form"
      initialValues={{
        type: 'website',
        origins: [''],
        sourceLanguage: 'en',
        targetLanguages: [],
        scopeType: 'autoCrawl',
        crawlNow: true,
      }}
      onFinish={() => void handleFinish().catch(() => undefined)}
      style={{ maxWidth: 640 }}
    >
      <Steps current={step} items={steps} style={{ marginBottom: 24 }} />
      <div hidden={stepKey !== 'type'}>
        <Form.Item
          name="type"
          label={t('columns.type')}
          extra={
            types.some((option) => !option.available) ? (
              <span data-testid="wizard-types-hint">{t('wizard.typesNotAvailableHint')}</span>
            ) : undefined
          }
        >
          <Radio.Group
            optionType="button"
            data-testid="wizard-type"
            options={types.map(({ type: value, available }) => ({
              value,
              label: available
                ? t(`types.${value}`)
                : t('wizard.typeNotAvailable', { type: t(`types.${value}`) }),
              disabled: !available,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('wizard.name')}
          // Read from the form, not the watched value: the type may have changed a moment ago.
          rules={[
            {
              validator: (_, value: string | undefined) =>
                form.getFieldValue('type') === 'website' || value?.trim()
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('wizard.nameRequired'))),
            },
          ]}
        >
          <Input
            placeholder={isWebsite ? t('wizard.namePlaceholder') : t('wizard.appNamePlaceholder')}
            maxLength={120}
            data-testid="wizard-name"
          />
        </Form.Item>
      </div>
      <div hidden={stepKey !== 'website'}>
        <Form.List name="origins">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={field.name}
                    label={index === 0 ? t('wizard.urls') : undefined}
                    rules={[
                      {
                        validator: (_, value: string | undefined) =>
                          type !== 'website' || isValidWebsiteUrl(normaliseWebsiteUrl(value))
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('wizard.urlRequired'))),
                      },
                    ]}
                    style={{ width: 480 }}
                  >
                    <Input
                      placeholder="https://www.example.in"
                      inputMode="url"
                      aria-label={t('wizard.urls')}
                      data-testid={`wizard-url-${index}`}
                    />
                  </Form.Item>
                  {index > 0 && (
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('wizard.removeOrigin')}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Space>
              ))}
              {type === 'website' && fields.length < 50 && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add('')}
                  data-testid="wizard-add-origin"
                >
                  {t('wizard.addOrigin')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </div>
      <div hidden={stepKey !== 'languages'}>
        <Form.Item name="sourceLanguage" label={t('wizard.sourceLanguage')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={LANGUAGE_OPTIONS}
            data-testid="wizard-source-language"
          />
        </Form.Item>
        <Form.Item
          name="targetLanguages"
          label={t('wizard.targetLanguages')}
          rules={[{ required: true, type: 'array', min: 1, message: t('wizard.languagesRequired') }]}
        >
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            placeholder={t('wizard.languagesPlaceholder')}
            options={targetOptions}
            data-testid="wizard-target-languages"
          />
        </Form.Item>
        {isWebsite && (
          <>
            <Form.Item name="scopeType" label={t('wizard.scopeType')}>
              <Radio.Group
                options={SCOPE_TYPE_VALUES.map((value) => ({
                  value,
                  label: t(`wizard.scopeTypes.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="crawlNow" valuePropName="checked">
              <Checkbox>{t('wizard.crawlNow')}</Checkbox>
            </Form.Item>
          </>
        )}
      </div>
      <Space>
        {step > 0 && (
          <Button onClick={() => setStep(step - 1)} data-testid="wizard-back">
            {t('wizard.back')}
          </Button>
        )}
        {step < steps.length - 1 ? (
          <Button
            type="primary"
            data-testid="wizard-next"
            onClick={() =>
              void form
                .validateFields(fieldsOfStep(stepKey))
                .then(() => setStep(step + 1))
                .catch(() => undefined)
            }
          >
            {t('wizard.next')}
          </Button>
        ) : (
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending || crawl.isPending}
            data-testid="wizard-submit"
          >
            {t('wizard.submit')}
          </Button>
        )}
      </Space>
    </Form>
  );
}
