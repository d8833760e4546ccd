import { isMobile } from '@gjj-hall/sdk/validate';
import { TextField } from '../../../shared/wizard/fields';
import { Wizard, type WizardFormStep, type WizardValues } from '../../../shared/wizard/wizard';

/**
 * GJ0313 个人手机号码变更 (menu /grwt/zhxx/zhxxbg/sjhbg; the code is ours, docs/api-applications.md): one step, the new
 * number. Completes at once; the SMS of the change goes to the number it replaces.
 */

const STEPS: WizardFormStep[] = [
  {
    title: '新手机号码',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <TextField
          name="sjhm"
          label="新手机号码"
          value={values.sjhm ?? ''}
          error={errors.sjhm}
          onChange={set}
          maxLength={11}
          inputMode="tel"
          autoComplete="tel"
          hint="变更后，短信验证码和业务通知将发往新号码"
        />
      </div>
    ),
    validate: (v): Record<string, string> => {
      const n = (v.sjhm ?? '').trim();
      if (!n) return { sjhm: '请输入新手机号码' };
      return isMobile(n) ? {} : { sjhm: '请输入正确的 11 位手机号码' };
    },
  },
];

const payload = (v: WizardValues) => ({ sjhm: (v.sjhm ?? '').trim() });

/** The page of the menu entry (component name = its path, packages/server/src/seed/menus.ts). */
export function Gj0313Page() {
  return (
    <Wizard
      ywlx="GJ0313"
      title="个人手机号码变更"
      formSteps={STEPS}
      initialValues={{ sjhm: '' }}
      toPayload={payload}
      checkRows={(v) => [{ label: '新手机号码', value: payload(v).sjhm, formStep: 0 }]}
    />
  );
}
